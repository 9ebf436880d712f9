/** The Web Worker's entry: it only exposes the engine API; all the work happens in engine-api.ts. */
import { expose } from 'comlink';
import { engineApi } from './engine-api.ts';

expose(engineApi);
