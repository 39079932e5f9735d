import type { Plugin } from 'vite';

/** Writes .br and .gz copies of every compressible file under `dir`; resolves to how many files. */
export function precompress(dir: string): Promise<number>;

/** The Vite plugin: compresses the finished build in its output folder. */
export function precompressPlugin(): Plugin;
