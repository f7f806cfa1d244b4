// Password hashing is shared with protected sites (hosting); it lives in the shared layer.
export { dummyHash, hashPassword, verifyPassword } from '../../shared/index.js';
