// Where the checkpoint command writes: the process's streams, or a test's buffers. A file of its
// own so checkpoint.ts and checkpoint-notebook.ts both use it without importing each other.
export interface CheckpointIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}
