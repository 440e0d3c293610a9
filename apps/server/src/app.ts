import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { activationRoutes } from "./activation/activation.routes.ts";
import { installAnalytics } from "./analytics/analytics.routes.ts";
import { installAuth, SECURITY_SCHEMES } from "./auth/auth.hook.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { installAuthCleanup } from "./auth/cleanup.ts";
import { switchRoutes } from "./auth/switch.routes.ts";
import { backofficeRoutes } from "./backoffice/merchants.routes.ts";
import { installChargebacks } from "./chargebacks/chargebacks.routes.ts";
import { checkoutCustomizationRoutes } from "./checkout-customization/checkout-customization.routes.ts";
import { configRoutes } from "./config/config.routes.ts";
import type { Config } from "./config.ts";
import { customerRoutes } from "./customers/customers.routes.ts";
import type { Database } from "./db/database.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { installErrorHandling } from "./http/errors.ts";
import { installRouteTable } from "./http/route-table.ts";
import { iframeRoutes } from "./iframes/iframes.routes.ts";
import { imageRoutes } from "./images/images.routes.ts";
import { lendingRoutes } from "./lending/lending.routes.ts";
import { type LogStream, loggerOptions } from "./logging.ts";
import { mailboxRoutes } from "./mail/mailbox.routes.ts";
import { installMailSender } from "./mail/sender.ts";
import { onboardingRoutes } from "./onboarding/onboarding.routes.ts";
import { installPayments } from "./payments/plugin.ts";
import { posRoutes } from "./pos/pos.routes.ts";
import { profileRoutes } from "./profile/profile.routes.ts";
import { registrationRoutes } from "./registration/registration.routes.ts";
import { reportRoutes } from "./reports/reports.routes.ts";
import { requestToPayRoutes } from "./request-to-pay/request-to-pay.routes.ts";
import { installRisk } from "./risk/plugin.ts";
import { installSecurityHeaders } from "./security/headers.ts";
import { bulkInvoiceRoutes } from "./selling/bulk-invoices.routes.ts";
import { invoiceRoutes } from "./selling/invoices.routes.ts";
import { paymentLinkRoutes } from "./selling/links.routes.ts";
import { productRoutes } from "./selling/products.routes.ts";
import { qrPaymentRoutes } from "./selling/qr-payment.routes.ts";
import { serviceCreditRoutes } from "./service-credit/service-credit.routes.ts";
import { smsBoxRoutes } from "./sms/sms.routes.ts";
import { installStatements } from "./statements/plugin.ts";
import { installTerminalReports } from "./terminal-reports/plugin.ts";
import { installTestClock } from "./test-clock/test-clock.routes.ts";
import { installWorkspace } from "./transactions/plugin.ts";
import { installTransfers } from "./transfers/plugin.ts";
import { userRoutes } from "./users/users.routes.ts";
import { walkthroughRoutes } from "./walkthrough/walkthrough.routes.ts";
import { staticRoutes } from "./web/static.routes.ts";

export interface AppDeps {
  config: Config;
  database: Database;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
  /**
   * Every route declares who may call it (enforced by the auth hook): public, or a permission (null: any user; a
   * list: any one of them).
   */
  interface FastifyContextConfig {
    public?: boolean;
    permission?: import("@portal/domain").PermissionRule | null;
  }
}

export async function buildApp(
  deps: AppDeps,
  opts: { logger?: boolean; logStream?: LogStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(deps.config.logLevel, opts.logStream),
    trustProxy: deps.config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", deps);
  installErrorHandling(app);
  installSecurityHeaders(app);
  installRouteTable(app);
  // Before any route: from here on every route must declare config.public or config.permission.
  await installAuth(app, { publicPrefixes: ["/api/docs"] });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Portal API",
        version: "0.1.0",
        description: "Dashboard API and the provider-compatible public merchant API.",
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  await app.register(healthRoutes);
  await app.register(configRoutes);
  await app.register(authRoutes);
  await app.register(switchRoutes);
  await app.register(mailboxRoutes);
  await app.register(smsBoxRoutes);
  await app.register(serviceCreditRoutes);
  await app.register(registrationRoutes);
  await app.register(onboardingRoutes);
  await app.register(profileRoutes);
  await installPayments(app);
  await installTestClock(app);
  await installWorkspace(app);
  await app.register(reportRoutes);
  await installChargebacks(app);
  await app.register(customerRoutes);
  await installRisk(app);
  await installTransfers(app);
  await installStatements(app);
  await installTerminalReports(app);
  await app.register(invoiceRoutes);
  await app.register(backofficeRoutes);
  await app.register(activationRoutes);
  await app.register(imageRoutes);
  await app.register(checkoutCustomizationRoutes);
  await app.register(paymentLinkRoutes);
  await app.register(requestToPayRoutes);
  await app.register(productRoutes);
  await app.register(lendingRoutes);
  await app.register(bulkInvoiceRoutes);
  await app.register(qrPaymentRoutes);
  await app.register(userRoutes);
  await app.register(iframeRoutes);
  await app.register(posRoutes);
  await app.register(walkthroughRoutes);
  await installAnalytics(app);
  installMailSender(app);
  installAuthCleanup(app);
  if (deps.config.serveWeb) await app.register(staticRoutes);
  return app;
}
