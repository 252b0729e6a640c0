// The bare Ionic React "tabs" starter (`ionic start app tabs --type=react`), built as it ships:
// Vite with the React plugin and nothing else. The bench measures it beside the app.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  logLevel: 'warn',
  build: { emptyOutDir: true },
});
