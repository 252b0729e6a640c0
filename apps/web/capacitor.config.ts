import type { CapacitorConfig } from '@capacitor/cli';

const config: CapacitorConfig = {
  appId: 'uk.lastman.app',
  appName: 'Lastman',
  webDir: 'dist',
  plugins: {
    // The app hides the splash itself once the first screen has rendered (see src/lib/native.ts).
    SplashScreen: { launchAutoHide: false, launchShowDuration: 0, backgroundColor: '#b3142b' },
    CapacitorSQLite: { iosDatabaseLocation: 'Library/CapacitorDatabase', androidIsEncryption: false },
  },
};

export default config;
