// The old path, still imported by presenter/: the model now lives in dry-run/.
export * from './dry-run/index.js';
