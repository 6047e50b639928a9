import { modelDriver } from './model-driver.js';
import { runScenarioSuite } from './scenarios.js';

runScenarioSuite('headless model (reference)', modelDriver);
