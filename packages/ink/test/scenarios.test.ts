import { runScenarioSuite } from '../../../test/scenarios/scenarios.js';
import { inkDriver } from './ink-driver.js';

runScenarioSuite('ink', inkDriver);
