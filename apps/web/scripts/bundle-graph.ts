import type { OutputBundle, OutputChunk } from 'rolldown';

// The bundle's chunks and the chunks each one imports statically, for the build plugins that plan first loads
export function bundleGraph(bundle: OutputBundle) {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  return {
    chunks,
    entry: chunks.find((chunk) => chunk.isEntry),
    // the chunks that loading these files brings (the files themselves included), each once
    closure(files: readonly string[]): OutputChunk[] {
      const seen = new Map<string, OutputChunk>();
      const pending = [...files];
      for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
        const chunk = byFile.get(file);
        if (!chunk || seen.has(file)) continue;
        seen.set(file, chunk);
        pending.push(...chunk.imports);
      }
      return [...seen.values()];
    },
  };
}
