// The notebook metadata Jupyter writes when the workbook's kernel starts. Notebook 7 and JupyterLab
// copy the kernel's language_info (from its kernel_info reply) and the kernelspec's name, display
// name and language into a notebook when its kernel starts, and a notebook whose metadata changed is
// saved: a notebook committed without exactly these changes on its first opening, so a learner's
// clone shows modified files, and nbgitpuller keeps the learner's changed copy instead of merging a
// course fix into it. Every committed notebook carries them (test/notebooks/kernel-metadata.test.ts)
// and every notebook the workbook writes is given them (notebookText). tslab 1.0.22 reports the
// same language_info on every Node and every machine: its version field is a constant of its own.

/** `.jupyter/kernels/tslab/kernel.json`'s name, display_name and language, as Jupyter writes them. */
export const KERNELSPEC = {
  display_name: "TypeScript (mcp-workbook)",
  language: "typescript",
  name: "tslab",
} as const;

/** tslab's kernel_info reply's language_info (node_modules/tslab/dist/jupyter.js, handleKernel). */
export const LANGUAGE_INFO = {
  codemirror_mode: { mode: "typescript", name: "javascript", typescript: true },
  file_extension: ".ts",
  mimetype: "text/typescript",
  name: "typescript",
  version: "3.7.2",
} as const;

/** `metadata` with the kernel's kernelspec and language_info in place of whatever it held for them. */
export function withKernelMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  return { ...metadata, kernelspec: { ...KERNELSPEC }, language_info: structuredClone(LANGUAGE_INFO) };
}
