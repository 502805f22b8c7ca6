#!/usr/bin/env node
// The `axn` bin. A committed shim rather than `dist/cli/bin.js` itself: npm links a workspace's
// bins when it installs, before anything is built, and skips a bin whose file does not exist yet —
// so in a fresh clone (`npm ci && npm start`) a bin pointing into `dist/` would never be linked.
import "../dist/cli/bin.js";
