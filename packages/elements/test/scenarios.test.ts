import { runScenarioSuite } from '../../../test/scenarios/scenarios.js';
import { litDriver } from './lit-driver.js';

runScenarioSuite('lit', litDriver);
