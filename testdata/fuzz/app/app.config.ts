import type { ConfigContext, ExpoConfig } from 'expo/config';

const IS_PRODUCTION = process.env.APP_VARIANT === 'production';

// Adds what differs per build variant to app.json.
export default ({ config }: ConfigContext): ExpoConfig => ({
  ...config,
  name: IS_PRODUCTION ? 'Shop' : 'Shop (dev)',
  ios: {
    ...config.ios,
    entitlements: {
      ...config.ios?.entitlements,
      'com.apple.developer.usernotifications.time-sensitive': true,
    },
  },
  plugins: [
    ...(config.plugins ?? []),
    ['expo-notifications', { enableBackgroundRemoteNotifications: IS_PRODUCTION }],
  ],
});
