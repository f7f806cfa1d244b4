/**
 * The thread of the OpenAPI navigation sync (`openapi-sync.ts`): runs the task on `workerData.root`
 * and posts its result or its failure once.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AgentError } from '../codes.js';
import { syncOpenApiNavigationHere, type SyncReply } from './openapi-sync.js';

const { root } = workerData as { root: string };
let reply: SyncReply;
try {
  reply = { result: await syncOpenApiNavigationHere(root) };
} catch (error) {
  reply = { code: error instanceof AgentError ? error.code : null, message: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(reply);
