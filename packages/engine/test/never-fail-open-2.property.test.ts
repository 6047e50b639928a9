import { neverFailOpenSuite } from './property/suite.js';

neverFailOpenSuite('2/2');
