import { neverFailOpenSuite } from './property/suite.js';

neverFailOpenSuite('1/2');
