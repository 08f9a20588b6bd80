import React from 'react';
import { Text, View } from 'react-native';

// JSX text is not JavaScript: the apostrophe below must not start a string that eats the next lines.
export function PermissionBanner({ onPress }: { onPress: () => void }) {
  return (
    <View>
      <Text>Don't miss your order's updates</Text>
      <Text onPress={onPress}>Turn on notifications</Text>
    </View>
  );
}

export const bannerChannel = 'banner';
