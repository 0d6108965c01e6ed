// The library's public API. Adding an export here is adding public API: name each one.

// --- protocol: messages, framing, handshake, errors ---

// --- client: StdioClient and the teaching server's location ---

// --- tools: what the model hears (asModelTool, toolText, topTools, BM25) ---

// --- stats: Wilson interval, exact McNemar ---

// --- experiment: Part A catalog, providers, runner, receipts ---

// --- charts: vega-lite specs from receipts, SVG in Node ---
