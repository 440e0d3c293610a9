import { CUSTOMER_MESSAGES } from "@portal/domain/api/customers";

/** The catalogue key (customers.validation.*) of a message the edit's schema or the server gave. */
export type CustomerProblem = keyof typeof CUSTOMER_MESSAGES;

const BY_MESSAGE = new Map<string, CustomerProblem>(
  (Object.entries(CUSTOMER_MESSAGES) as [CustomerProblem, string][]).map(([key, text]) => [text, key]),
);

/** The problem of a field message (English, word for word from the contract), or undefined for others. */
export function customerProblem(message: string | undefined): CustomerProblem | undefined {
  return message === undefined ? undefined : BY_MESSAGE.get(message);
}
