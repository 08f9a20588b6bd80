#import <UserNotifications/UserNotifications.h>
#import "PushSetup.h"

static NSString *const kPromoCategory = @"PROMO";
static NSString * const kDismissAction = @"DISMISS";
#define kShopNowAction @"SHOP_NOW"

@implementation PushSetup

+ (UNNotificationCategory *)promoCategory {
    // [UNNotificationCategory categoryWithIdentifier:@"COMMENTED" actions:@[] intentIdentifiers:@[] options:0];
    UNNotificationAction *dismiss = [UNNotificationAction actionWithIdentifier:kDismissAction
                                                                         title:@"Not now"
                                                                       options:UNNotificationActionOptionNone];
    return [UNNotificationCategory categoryWithIdentifier:kPromoCategory
                                                  actions:@[ [UNNotificationAction actionWithIdentifier:kShopNowAction
                                                                                                  title:@"Shop \"now\""
                                                                                                options:UNNotificationActionOptionForeground],
                                                             dismiss ]
                                        intentIdentifiers:@[]
                                                  options:UNNotificationCategoryOptionNone];
}

@end
