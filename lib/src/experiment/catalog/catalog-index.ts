// The catalog's public names, gathered so the library index needs one line for them.
export {
  loadCatalogData, defaultCatalogDir, checkConsistency, buildCatalog, confusableOrder, shuffledFor,
  requestSeed, requestCatalog, catalogHash,
} from "./catalog.js";
export type { CatalogData } from "./catalog.js";
export { SHOP_TOOL_NAMES, CATALOG_KINDS, CATALOG_SIZES } from "./catalog-schema.js";
export type { CatalogKind, CatalogSize, CatalogRequest, CatalogTool, ConfusableTool, NoToolRequest } from "./catalog-schema.js";
export { mulberry32, seededShuffle, hashToUint32 } from "./catalog-random.js";
