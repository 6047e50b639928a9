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
export { startHttpServer, type DemoHttpServer, type DemoHttpServerOptions } from './http-server.js';
export { demoServerCommand, type DemoServerCommand } from './launch.js';
