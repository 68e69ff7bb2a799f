import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Assets are served by the API server under /build/ (SPEC §2); every page is a lazy chunk.
export default defineConfig({
  base: '/build/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
