// Rules the type checker cannot give: a promise nobody awaits (a lost error, a process left
// running), imports of types that should say so (they vanish from the compiled JavaScript), and `==`.
import tseslint from "typescript-eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import { layerZones } from "./lib/layers-zones.mjs";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "node_modules/**",
      ".venv/**",
      "build/**",
      "test/**/fixtures/**",
      "scripts/**",
      "**/*.mjs",
      "**/*.cjs",
    ],
  },
  {
    files: ["lib/src/**/*.ts", "server/src/**/*.ts", "learner/src/**/*.ts", "test/**/*.ts"],
    languageOptions: {
      parser: tseslint.parser,
      // One program for every linted file (tsconfig.eslint.json): lib's sources are read once, not
      // again for each package and the tests, and the package's own name maps to its sources, so a
      // lint beside the build never depends on how much of dist/ is written yet.
      parserOptions: { project: ["./tsconfig.eslint.json"], tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Shipped code compares by type and value. Tests keep their `==` on purpose (the wrong
    // implementations they must catch); in src the one exception is the naive client's
    // (lib/src/naive-client/naive-client.ts), with its reason.
    files: ["lib/src/**/*.ts", "server/src/**/*.ts", "learner/src/**/*.ts"],
    rules: { eqeqeq: ["error", "always", { null: "ignore" }] },
  },
  {
    // The library's layers (lib/src/layers.json): a folder imports only lower layers. The resolver
    // maps our `.js` specifiers to the `.ts` files they compile from.
    files: ["lib/src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensionAlias: { ".js": [".ts", ".js"] } })] },
    rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: layerZones() }] },
  },
);
