import { runScenarioSuite } from '../../../test/scenarios/scenarios.js';
import { reactDriver } from './react-driver.js';

runScenarioSuite('react', reactDriver);
