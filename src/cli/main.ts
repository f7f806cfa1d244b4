import { createProgram } from './program.js';

await (await createProgram(process.argv)).parseAsync(process.argv);
