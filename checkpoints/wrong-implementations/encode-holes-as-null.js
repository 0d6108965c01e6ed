// Breaks encode-refuses: a hole in an array (an index never set, as in [, 1]) is written as null,
// as JSON.stringify writes it, where every other value JSON cannot carry is refused. A check that
// walks arrays with forEach, every or Object.values, or asks `index in array`, never meets a hole.
"use strict";
const wb = require("mcp-workbook");

/** `value` with each array's holes set to null, copied (never changed), cycles kept as cycles. */
function holesFilled(value, copies = new Map()) {
  if (typeof value !== "object" || value === null) return value;
  if (copies.has(value)) return copies.get(value);
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    const copy = [];
    copies.set(value, copy);
    for (let index = 0; index < value.length; index += 1)
      copy.push(index in value ? holesFilled(value[index], copies) : null);
    return copy;
  }
  if (proto !== Object.prototype && proto !== null) return value; // a toJSON's object: as it is
  const copy = {};
  copies.set(value, copy);
  for (const key of Object.keys(value))
    Object.defineProperty(copy, key, {
      value: holesFilled(value[key], copies),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  return wb.encodeFrame(holesFilled(message), limit);
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-refuses";
