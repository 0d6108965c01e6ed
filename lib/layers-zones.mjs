// The lint zones for lib/src/layers.json: each folder may not import its own layer's other
// folders nor any higher layer's, and only server-build may import the teaching server's build.
import { readFileSync } from "node:fs";

/** The message every layer violation ends with; test/layers/ looks for it. */
export const LAYER_MESSAGE = "lib/src/layers.json: a folder imports only lower layers";

export function readLayers() {
  return JSON.parse(readFileSync(new URL("./src/layers.json", import.meta.url), "utf8")).layers;
}

export function layerZones(layers = readLayers()) {
  const where = (folder) => `lib/src/${folder}`;
  const zones = layers.flatMap((layer, index) =>
    layer.map((folder) => ({
      target: where(folder),
      from: layers
        .slice(index)
        .flat()
        .filter((other) => other !== folder)
        .map(where),
      message: `${LAYER_MESSAGE} (${folder} is in layer ${index}).`,
    })),
  );
  const readers = layers.flat().filter((folder) => folder !== "server-build");
  zones.push({
    target: readers.map(where),
    from: "server",
    message: `${LAYER_MESSAGE}: only server-build reads the teaching server's build.`,
  });
  return zones;
}
