/**
 * CDK assertion tests on the synthesized Levy stack (and on LevyMonitoring in a small stack of its own), in one Jest
 * file: each suite below is a module of its own (what it checks is in its header), and those reading the app as
 * cdk.json configures it share one synthesis of it (configured-app.ts). One file loads aws-cdk-lib and CDK's
 * template validation once instead of once per suite (docs/testing.md). One suite alone: `npx jest test/infra/stack.test.ts -t '<describe name>'`.
 */
import './stack-api.suite';
import './stack-functions.suite';
import './stack-resources.suite';
import './stack-urls.suite';
import './webhooks.suite';
import './stack-size.suite';
import './us-local-rates-report.suite';
import './monitoring.suite';
