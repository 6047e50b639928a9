// The old path, still imported by presenter/: the model now lives in elicitation/.
export { createElicitationPrompt } from './elicitation/index.js';
