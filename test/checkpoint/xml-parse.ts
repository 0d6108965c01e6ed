// Parses XML with a conforming parser (Python's expat, through Debian's python3, which the notebook
// runner needs anyway) and returns the element tree as JSON, or the parser's error.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export interface XmlElement {
  tag: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

const TO_JSON = `
import json, sys, xml.etree.ElementTree as ET
def walk(e):
    return {"tag": e.tag, "attributes": dict(e.attrib), "text": e.text or "", "children": [walk(c) for c in e]}
try:
    print(json.dumps({"ok": True, "root": walk(ET.fromstring(sys.stdin.buffer.read()))}))
except ET.ParseError as error:
    print(json.dumps({"ok": False, "error": str(error)}))
`;

export function parseXml(xml: string): { ok: true; root: XmlElement } | { ok: false; error: string } {
  const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const result = spawnSync(python, ["-c", TO_JSON], { input: Buffer.from(xml, "utf8"), encoding: "utf8" });
  if (result.status !== 0) throw new Error(`python could not parse: ${result.stderr}`);
  return JSON.parse(result.stdout);
}
