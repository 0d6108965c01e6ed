// A correct Part B that differs from the reference only where the chapter leaves the choice open.
// Free choices:
// - after a call runs out of time, the session refuses every later request (fail-closed)
// - which typed error refuses a request once the session is closed
// - the wording of every error message
// - clientInfo's name and version
// - the server's stderr read and thrown away rather than ignored
"use strict";
const { withChoices } = require("./chapter-client.js");
module.exports = withChoices({ failClosed: true, ownWording: true, drainStderr: true });
