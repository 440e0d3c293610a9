import { errorResponseSchema, route } from "../contract.ts";
import {
  bankOrderTotalsAnswerSchema,
  orderDetailsSchema,
  orderListAnswerSchema,
  orderListQuerySchema,
} from "./orders.ts";
import {
  transactionDetailsSchema,
  transactionListAnswerSchema,
  transactionListQuerySchema,
} from "./transactions.ts";
import { bankTotalsAnswerSchema, idParams, totalsQuerySchema } from "./workspace-shared.ts";

/**
 * The bank's workspace (back-office.md): Bank and BankStaff users read the transactions and orders of their own
 * bank's merchants, in the merchants' shapes plus the merchant columns and the bank totals header. Read only.
 */

const TAGS = ["Bank"] as const;
const TRANSACTIONS = { permission: "can view transactions" } as const;
const ORDERS = { permission: "can view orders" } as const;

export const bankApi = {
  transactions: route({
    method: "GET",
    path: "/api/bank/transactions",
    access: TRANSACTIONS,
    tags: TAGS,
    summary: "Transactions of the bank's merchants, with merchant columns; every filter plus merchant_id",
    query: transactionListQuerySchema,
    answers: { 200: transactionListAnswerSchema },
  }),
  transactionTotals: route({
    method: "GET",
    path: "/api/bank/transactions/totals",
    access: TRANSACTIONS,
    tags: TAGS,
    summary:
      "Bank totals header: TOTAL, SOUHOOLA, GET_GO, VPC, CASH, VALU, PREMIUM, UIG, CAGG, MPAY per currency",
    query: totalsQuerySchema,
    answers: { 200: bankTotalsAnswerSchema },
  }),
  transactionDetails: route({
    method: "GET",
    path: "/api/bank/transactions/:id",
    access: TRANSACTIONS,
    tags: TAGS,
    summary: "Details of one transaction of the bank's merchants (no actions)",
    params: idParams,
    answers: { 200: transactionDetailsSchema, 404: errorResponseSchema },
  }),
  orders: route({
    method: "GET",
    path: "/api/bank/orders",
    access: ORDERS,
    tags: TAGS,
    summary: "Orders of the bank's merchants, with the merchant column",
    query: orderListQuerySchema,
    answers: { 200: orderListAnswerSchema },
  }),
  orderTotals: route({
    method: "GET",
    path: "/api/bank/orders/totals",
    access: ORDERS,
    tags: TAGS,
    summary:
      "Bank orders header: orders, paid and processed per currency, with TOTAL, SOUHOOLA, GET_GO, VPC, CASH, " +
      "VALU, PREMIUM, UIG, CAGG, MPAY",
    query: totalsQuerySchema,
    answers: { 200: bankOrderTotalsAnswerSchema },
  }),
  orderDetails: route({
    method: "GET",
    path: "/api/bank/orders/:id",
    access: ORDERS,
    tags: TAGS,
    summary: "Details of one order of the bank's merchants",
    params: idParams,
    answers: { 200: orderDetailsSchema, 404: errorResponseSchema },
  }),
};
