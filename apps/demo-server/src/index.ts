export {
  createDemoServer,
  DEMO_SERVER_NAME,
  type DemoServer,
  type DemoServerOptions,
} from './server.js';
export {
  DemoState,
  SEED_NOTES,
  type DemoStateSnapshot,
  type ElicitationRecord,
  type RoundRecord,
  type SamplingRecord,
  type SentMessage,
} from './state.js';
export {
  checkTwoKeys,
  DRY_RUN_PREVIEW,
  DRY_RUN_RECOVERY_HINT,
  dryRunActive,
  redactPreview,
  type DryRunPreviewBody,
} from './dry-run.js';
export { SURVEY_SCHEMA } from './elicitation-tools.js';
export { SUMMARY_MAX_TOKENS } from './sampling-tools.js';
export { startHttpServer, type DemoHttpServer, type DemoHttpServerOptions } from './http-server.js';
export { demoServerCommand, type DemoServerCommand } from './launch.js';
export {
  MODERN_PROTOCOL,
  modernDemoFactory,
  PUBLISH_CONFIRM_SCHEMA,
  type ModernDemoOptions,
} from './modern.js';
export { serveModern, type ModernDemoConnection } from './modern-serve.js';
export {
  startModernHttpServer,
  type ModernHttpServer,
  type ModernHttpServerOptions,
} from './modern-http.js';
