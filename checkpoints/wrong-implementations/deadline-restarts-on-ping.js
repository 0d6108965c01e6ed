// Breaks deadline-as-given along what the server sends during a wait: each request of the server's
// own (a ping, roots/list) is answered, and the answer starts the deadline afresh, so a server that
// pings more often than the deadline keeps a hung call waiting for ever. Trickled bytes and
// notifications leave it alone. Judged where the grader owns the clock (its server pings on the
// timeline); a grading that waits on real time has no pings during the wait to show it.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("restarts-on-ping");
module.exports.rule = "deadline-as-given";
module.exports.onTheGradersClock = true;
