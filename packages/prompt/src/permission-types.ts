// The old path, still imported by presenter/: the model now lives in permission/.
export * from './permission/index.js';
