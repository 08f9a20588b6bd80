#import <UserNotifications/UserNotifications.h>

@interface PushSetup : NSObject
+ (UNNotificationCategory *)promoCategory;
@end
