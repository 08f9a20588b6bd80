#!/usr/bin/env python3
"""Differential conformance of pushlint against firebase-admin's FCM HTTP v1 encoder (issue 17).

1. Valid messages: builds varied messages with the pinned firebase-admin (scripts/requirements.txt), encodes each
   with the SDK's own encoder (messaging._MessagingService.encode_message, the body that messaging.send() posts:
   no network, no credentials), writes it as {"message": ...} to a temporary folder and lints the folder with
   `pushlint lint --format json`. Every file must be detected as FCM and draw no error.
2. Rejected messages: testdata/conformance/fcm-rejected/cases.json lists messages that firebase-admin's test suite
   refuses, as raw JSON files beside it. Every one must draw a finding of the listed rule at the listed JSON
   pointer, of the listed severity: an error where the v1 API (or Apple) documents the rejection, a warning where
   only the admin SDKs refuse it.

Usage (inside the venv that scripts/test makes):
    python3 scripts/conformance/fcm_firebase_admin.py [--pushlint PATH] [--keep DIR] [--list]
PATH defaults to $PUSHLINT_BIN, else .build/debug/pushlint. --keep writes the encoded valid messages to DIR and
keeps them. --list prints every valid message. Exit 0 when both parts agree, 1 when any message disagrees, 2 on a
usage or setup error.
"""

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
import warnings

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REJECTED = os.path.join(REPO, "testdata", "conformance", "fcm-rejected")
PINNED = "7.7.0"

try:
    import firebase_admin
    from firebase_admin import messaging as m
except ImportError as error:
    sys.exit(f"fcm_firebase_admin: firebase-admin is not installed ({error}): run scripts/test, which creates .venv/")

TOKEN = "dQw4w9WgXcQ:APA91bHun4MxP5egoKMwt2KZFBaFUH-8qDzSbh4x1nNhFBWn0iAdZb9t8Qx3"
FID = "cR1Nf7zXQkOy-iB3mV6e8p"
UTC = datetime.timezone.utc


def valid_messages():
    """(name, Message): every field of every config class, each enum value, several targets. All are valid for the
    v1 API as the SDK documents them; the SDK's encoder decides their JSON."""
    msgs = []

    def add(name, **fields):
        msgs.append((name, fields))

    # Targets and the top-level payload.
    add("topic-notification", topic="news", notification=m.Notification(title="Breaking", body="Markets open higher"))
    add("topic-prefixed", topic="/topics/weather", notification=m.Notification(title="Storm warning"))
    add("topic-special-characters", topic="deals-2026_eu.~%41", data={"deal_id": "d-981"})
    add("token-notification-image", token=TOKEN,
        notification=m.Notification(title="Your order shipped", body="Arrives Tuesday",
                                    image="https://cdn.example.com/orders/981.png"))
    add("fid-data", fid=FID, data={"order_id": "981", "status": "shipped"})
    add("condition-and", condition="'stock-GOOG' in topics && 'industry-tech' in topics",
        notification=m.Notification(title="GOOG +3%"))
    add("condition-or-parentheses", condition="'dogs' in topics || ('cats' in topics && 'pets' in topics)",
        data={"story": "s-12"})
    add("condition-not", condition="'news' in topics && !('sports' in topics)", notification=m.Notification(body="Headlines"))
    add("notification-title-only", topic="news", notification=m.Notification(title="Hello"))
    add("notification-body-only", token=TOKEN, notification=m.Notification(body="You have 3 new messages"))
    add("data-many-keys", topic="sync", data={f"key_{i}": f"value {i}" for i in range(12)})
    add("data-empty-string-value", fid=FID, data={"cursor": "", "kind": "inbox"})
    add("fcm-options", topic="news", notification=m.Notification(title="Weekly"), fcm_options=m.FCMOptions("weekly_digest-v2"))

    # AndroidConfig.
    add("android-priority-high", token=TOKEN, notification=m.Notification(title="Incoming call"),
        android=m.AndroidConfig(priority="high"))
    add("android-priority-normal", topic="sync", data={"since": "1764547200"}, android=m.AndroidConfig(priority="normal"))
    add("android-ttl-seconds", token=TOKEN, notification=m.Notification(title="Sale"), android=m.AndroidConfig(ttl=3600))
    add("android-ttl-fraction", token=TOKEN, notification=m.Notification(title="Ping"), android=m.AndroidConfig(ttl=0.5))
    add("android-ttl-four-weeks", topic="news", notification=m.Notification(title="Digest"),
        android=m.AndroidConfig(ttl=datetime.timedelta(weeks=4)))
    add("android-ttl-zero", token=TOKEN, notification=m.Notification(title="Now or never"), android=m.AndroidConfig(ttl=0))
    add("android-ttl-timedelta", token=TOKEN, notification=m.Notification(title="Reminder"),
        android=m.AndroidConfig(ttl=datetime.timedelta(days=1, seconds=100)))
    add("android-collapse-package", token=TOKEN, notification=m.Notification(title="Score update"),
        android=m.AndroidConfig(collapse_key="score", restricted_package_name="com.example.shop"))
    add("android-data", fid=FID, android=m.AndroidConfig(data={"chat_id": "c-77", "unread": "4"}))
    add("android-fcm-options", topic="news", notification=m.Notification(title="Hi"),
        android=m.AndroidConfig(fcm_options=m.AndroidFCMOptions("android_launch")))
    add("android-delivery-flags", token=TOKEN, notification=m.Notification(title="Alarm"),
        android=m.AndroidConfig(direct_boot_ok=True, bandwidth_constrained_ok=True, restricted_satellite_ok=False))
    add("android-all-config", token=TOKEN,
        android=m.AndroidConfig(collapse_key="orders", priority="high", ttl=86400, restricted_package_name="com.example.shop",
                                data={"order_id": "981"}, fcm_options=m.AndroidFCMOptions("orders"), direct_boot_ok=False,
                                notification=m.AndroidNotification(title="Order shipped", body="Arrives Tuesday",
                                                                   channel_id="orders")))

    # AndroidNotification: every field, and each enum value.
    def android(name, target=None, **notification):
        add(name, **(target or {"token": TOKEN}), android=m.AndroidConfig(notification=m.AndroidNotification(**notification)))

    android("android-notification-basic", title="Order shipped", body="Arrives Tuesday", icon="ic_truck",
            color="#ff5722", sound="chime", tag="order-981", click_action="OPEN_ORDER", channel_id="orders")
    android("android-notification-image-ticker", title="New photo", image="https://cdn.example.com/p/1.jpg",
            ticker="New photo from Ana")
    android("android-notification-loc", title_loc_key="order_title", title_loc_args=["981"],
            body_loc_key="order_body", body_loc_args=["Tuesday", "DHL"])
    android("android-notification-sticky-local", title="Timer", sticky=True, local_only=True)
    android("android-notification-event-time-aware", title="Match starts", target={"topic": "sports"},
            event_timestamp=datetime.datetime(2026, 11, 29, 15, 12, 23, 123, tzinfo=datetime.timezone(datetime.timedelta(hours=-5))))
    android("android-notification-event-time-naive", title="Reminder",
            event_timestamp=datetime.datetime(2026, 12, 1, 8, 30, 0))
    for priority in ("min", "low", "default", "high", "max"):
        android(f"android-notification-priority-{priority}", title=f"Priority {priority}", priority=priority)
    for visibility in ("private", "public", "secret"):
        android(f"android-notification-visibility-{visibility}", title="Account", visibility=visibility)
    for proxy in ("allow", "deny", "if_priority_lowered"):
        android(f"android-notification-proxy-{proxy}", title="Proxy", proxy=proxy)
    android("android-notification-vibrate", title="Buzz", vibrate_timings_millis=[0, 250, 125.5, 500],
            default_vibrate_timings=False)
    android("android-notification-defaults", title="Defaults", default_vibrate_timings=True, default_sound=True,
            default_light_settings=True)
    android("android-notification-light-rgb", title="LED",
            light_settings=m.LightSettings(color="#aabbcc", light_on_duration_millis=200, light_off_duration_millis=300))
    android("android-notification-light-rgba", title="LED",
            light_settings=m.LightSettings(color="#AABBCCDD", light_on_duration_millis=datetime.timedelta(seconds=1),
                                           light_off_duration_millis=1500.25))
    android("android-notification-count", title="3 new messages", notification_count=3)
    android("android-notification-everything", target={"topic": "news"},
            title="t", body="b", icon="i", color="#112233", sound="s", tag="t", click_action="ca",
            title_loc_key="tlk", body_loc_key="blk", title_loc_args=["t1", "t2"], body_loc_args=["b1", "b2"],
            channel_id="c", image="https://cdn.example.com/i.png", ticker="ticker", sticky=True,
            event_timestamp=datetime.datetime(2026, 10, 20, 15, 12, 23, tzinfo=UTC), local_only=False, priority="high",
            vibrate_timings_millis=[100, 50, 250], default_vibrate_timings=False, default_sound=True,
            light_settings=m.LightSettings(color="#AABBCCDD", light_on_duration_millis=200, light_off_duration_millis=300),
            default_light_settings=False, visibility="public", notification_count=1, proxy="if_priority_lowered")

    # APNs.
    def apns(name, target=None, **config):
        add(name, **(target or {"token": TOKEN}), apns=m.APNSConfig(**config))

    def aps(**fields):
        return m.APNSPayload(aps=m.Aps(**fields))

    apns("apns-alert-string", payload=aps(alert="Your order shipped"))
    apns("apns-alert-headers", headers={"apns-priority": "10", "apns-push-type": "alert", "apns-expiration": "1767225600",
                                        "apns-collapse-id": "order-981"},
         payload=aps(alert=m.ApsAlert(title="Order shipped", body="Arrives Tuesday")))
    apns("apns-alert-dictionary", payload=aps(alert=m.ApsAlert(
        title="t", subtitle="st", body="b", title_loc_key="tlk", title_loc_args=["t1", "t2"], loc_key="lk",
        loc_args=["l1", "l2"], action_loc_key="alk", launch_image="li.png")))
    apns("apns-alert-custom-data", payload=aps(alert=m.ApsAlert(title="Chat", body="Hi", custom_data={"summary-arg": "Ana"})))
    apns("apns-badge-sound", payload=aps(alert="3 new", badge=3, sound="default"))
    apns("apns-badge-zero", payload=aps(badge=0), headers={"apns-push-type": "alert", "apns-priority": "5"})
    apns("apns-critical-sound", payload=aps(alert=m.ApsAlert(title="Leak detected"),
                                            sound=m.CriticalSound("alarm.caf", critical=True, volume=0.5)))
    apns("apns-critical-sound-name-only", payload=aps(alert="Door open", sound=m.CriticalSound("door.caf")))
    apns("apns-category-thread", payload=aps(alert=m.ApsAlert(title="New message", body="Lunch?"), category="CHAT_REPLY",
                                             thread_id="chat-77"))
    apns("apns-mutable-content", payload=aps(alert=m.ApsAlert(title="Photo", body="Ana sent a photo"), mutable_content=True),
         fcm_options=m.APNSFCMOptions(image="https://cdn.example.com/p/1.jpg"))
    apns("apns-aps-custom-data", payload=aps(alert=m.ApsAlert(title="Train leaves", body="Platform 4"),
                                             custom_data={"interruption-level": "time-sensitive", "relevance-score": 0.8}))
    add("apns-background", topic="sync", data={"since": "1764547200"},
        apns=m.APNSConfig(headers={"apns-push-type": "background", "apns-priority": "5"}, payload=aps(content_available=True)))
    apns("apns-payload-custom-keys", payload=m.APNSPayload(aps=m.Aps(alert="Order shipped"), order_id="981", deep_link="shop://o/981"))
    apns("apns-fcm-options", payload=aps(alert="Hi"), fcm_options=m.APNSFCMOptions(analytics_label="ios_launch",
                                                                                    image="https://cdn.example.com/i.png"))
    apns("apns-live-activity-update", headers={"apns-priority": "10"}, live_activity_token="80b8c2a1f3e4d5c6b7a8",
         payload=aps(custom_data={"timestamp": 1764547200, "event": "update",
                                  "content-state": {"driverName": "Ana", "etaMinutes": 7}}))

    # Webpush.
    def webpush(name, target=None, **config):
        add(name, **(target or {"token": TOKEN}), webpush=m.WebpushConfig(**config))

    webpush("webpush-headers-data", headers={"TTL": "4500", "Urgency": "high", "Topic": "deals"}, data={"deal_id": "d-1"})
    webpush("webpush-notification-basic", notification=m.WebpushNotification(title="Sale", body="Up to 50% off",
                                                                              icon="https://shop.example.com/icon.png"))
    webpush("webpush-notification-everything", notification=m.WebpushNotification(
        title="title", body="body", icon="https://shop.example.com/i.png", badge="https://shop.example.com/b.png",
        data={"foo": "bar", "n": 1}, direction="rtl", image="https://shop.example.com/img.png", language="ar",
        renotify=True, require_interaction=True, silent=False, tag="tag", timestamp_millis=1764547200000,
        vibrate=[100, 200, 100], custom_data={"k1": "v1"}))
    for direction in ("auto", "ltr"):
        webpush(f"webpush-direction-{direction}", notification=m.WebpushNotification(title="Dir", direction=direction))
    webpush("webpush-actions", notification=m.WebpushNotification(title="Friend request", actions=[
        m.WebpushNotificationAction("accept", "Accept"),
        m.WebpushNotificationAction("decline", "Decline", icon="https://shop.example.com/x.png")]))
    webpush("webpush-fcm-options-link", notification=m.WebpushNotification(title="Order"),
            fcm_options=m.WebpushFCMOptions(link="https://shop.example.com/orders/981"))

    # Everything at once, as a multi-platform sender writes it.
    add("all-platforms", topic="orders",
        notification=m.Notification(title="Order shipped", body="Arrives Tuesday", image="https://cdn.example.com/981.png"),
        data={"order_id": "981"},
        android=m.AndroidConfig(priority="high", ttl=7200, collapse_key="orders",
                                notification=m.AndroidNotification(channel_id="orders", color="#00aa55", tag="order-981")),
        apns=m.APNSConfig(headers={"apns-priority": "10", "apns-push-type": "alert"},
                          payload=aps(alert=m.ApsAlert(title="Order shipped", body="Arrives Tuesday"), badge=1, sound="default",
                                      thread_id="orders")),
        webpush=m.WebpushConfig(headers={"Urgency": "normal"}, fcm_options=m.WebpushFCMOptions(link="https://shop.example.com/o/981")),
        fcm_options=m.FCMOptions("order_shipped"))
    return msgs


def encode_all():
    """name -> the JSON firebase-admin would send, as {"message": ...}."""
    encoded = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Message.token is deprecated in favour of fid
        for name, fields in valid_messages():
            message = m.Message(**fields)
            body = m._MessagingService.encode_message(message)
            # send() posts {"message": body} (plus validate_only for a dry run), serialized by requests' json.
            encoded[name] = json.loads(json.dumps({"message": body}))
    return encoded


def lint(pushlint, cwd, paths):
    """{path as given: [diagnostic]} and {path: kind} from `pushlint lint --format json`, with the default
    configuration (an empty config file, so that no .pushlint.json above the folder changes the verdicts)."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", prefix="pushlint-defaults-") as config:
        config.write("{}\n")
        config.flush()
        result = subprocess.run([pushlint, "lint", "--format", "json", "--config", config.name, "--", *paths],
                                cwd=cwd, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        sys.exit(f"fcm_firebase_admin: pushlint exited {result.returncode}: {result.stderr.strip()}")
    report = json.loads(result.stdout)
    diagnostics, kinds = {}, {}
    for entry in report["files"]:
        diagnostics[entry["path"]] = entry["diagnostics"]
        kinds[entry["path"]] = entry["kind"]
    for finding in report.get("project", []):
        diagnostics.setdefault(finding.get("path"), []).append(finding)
    return diagnostics, kinds


def describe(path, d):
    where = f":{d['line']}:{d['column']}" if d.get("line") else ""
    return f"{path}{where}: {d['severity']} [{d['ruleId']}] at {d.get('pointer')!r}: {d['message']}"


def check_valid(pushlint, keep, show):
    encoded = encode_all()
    folder = keep or tempfile.mkdtemp(prefix="pushlint-firebase-admin-")
    os.makedirs(folder, exist_ok=True)
    names = []
    for i, (name, message) in enumerate(encoded.items()):
        file = f"{i:03d}-{name}.json"
        with open(os.path.join(folder, file), "w", encoding="utf-8") as f:
            json.dump(message, f, indent=2, ensure_ascii=False)
            f.write("\n")
        names.append(file)
        if show:
            print(f"  {file}: {json.dumps(message, ensure_ascii=False)}")
    diagnostics, kinds = lint(pushlint, folder, names)
    failures, warnings_seen = [], 0
    for file in names:
        if file not in kinds:
            failures.append(f"{file}: not in pushlint's report")
            continue
        if kinds[file] != "fcm":
            failures.append(f"{file}: detected as {kinds[file]!r}, not fcm")
        for d in diagnostics[file]:
            if d["severity"] == "error":
                failures.append(describe(file, d) + f"\n      message: {json.dumps(encoded[file[4:-5]], ensure_ascii=False)}")
            else:
                warnings_seen += 1
    if not keep:
        for file in names:
            os.remove(os.path.join(folder, file))
        os.rmdir(folder)
    return len(names), failures, warnings_seen


def check_rejected(pushlint):
    manifest = json.load(open(os.path.join(REJECTED, "cases.json"), encoding="utf-8"))
    cases = manifest["cases"]
    listed = {c["file"] for c in cases}
    on_disk = {f for f in os.listdir(REJECTED) if f.endswith(".json") and f != "cases.json"}
    failures = [f"{f}: in {REJECTED} but not in cases.json" for f in sorted(on_disk - listed)]
    failures += [f"{f}: listed in cases.json but missing" for f in sorted(listed - on_disk)]
    files = sorted(listed & on_disk)
    diagnostics, kinds = lint(pushlint, REJECTED, files)
    for case in cases:
        file = case["file"]
        if file not in kinds:
            continue
        rules = case["rule"] if isinstance(case["rule"], list) else [case["rule"]]
        found = diagnostics.get(file, [])
        # "error" where the v1 API (or Apple) documents the rejection; "warning" where only the admin SDKs refuse
        # it (CONTRIBUTING.md, "Severity is evidence").
        severity = case.get("severity", "error")
        at_pointer = [d for d in found if d.get("pointer") == case["pointer"] and d["severity"] == severity]
        if any(d["ruleId"] in rules for d in at_pointer):
            continue
        text = open(os.path.join(REJECTED, file), encoding="utf-8").read().strip()
        expected = " or ".join(rules)
        if at_pointer:
            problem = f"{severity} at {case['pointer']} from {', '.join(d['ruleId'] for d in at_pointer)}, expected {expected}"
        else:
            problem = f"no {severity} at {case['pointer']} (expected {expected})"
        lines = [f"{file}: {problem}", f"      test: {case['test']}", f"      why: {case['why']}", f"      payload: {text}"]
        lines += ["      pushlint: " + describe(file, d) for d in found] or ["      pushlint: no findings"]
        failures.append("\n".join(lines))
    return len(cases), failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pushlint", default=os.environ.get("PUSHLINT_BIN") or os.path.join(REPO, ".build", "debug", "pushlint"))
    parser.add_argument("--keep", metavar="DIR", help="write the encoded valid messages to DIR and keep them")
    parser.add_argument("--list", action="store_true", help="print every encoded valid message")
    args = parser.parse_args()
    pushlint = os.path.abspath(args.pushlint)
    if not os.access(pushlint, os.X_OK):
        sys.exit(f"fcm_firebase_admin: {pushlint} is not an executable: run swift build first, or pass --pushlint")
    if firebase_admin.__version__ != PINNED:
        sys.exit(f"fcm_firebase_admin: firebase-admin {firebase_admin.__version__} is installed, the reference is {PINNED}: "
                 "run scripts/test, which rebuilds .venv/ from scripts/requirements.txt")

    count, valid_failures, warnings_seen = check_valid(pushlint, args.keep and os.path.abspath(args.keep), args.list)
    print(f"firebase-admin {PINNED}, valid messages: {count} encoded by the SDK, {count - len({f.split(':')[0] for f in valid_failures})} "
          f"without an error ({warnings_seen} warnings or infos, allowed)")
    for failure in valid_failures:
        print("  FAIL " + failure)
    rejected, rejected_failures = check_rejected(pushlint)
    print(f"firebase-admin {PINNED}, rejected messages: {rejected} cases from its test suite, "
          f"{rejected - len(rejected_failures)} reported at the right field")
    for failure in rejected_failures:
        print("  FAIL " + failure)
    if valid_failures or rejected_failures:
        print(f"fcm_firebase_admin: FAILED: {len(valid_failures)} errors on valid messages, "
              f"{len(rejected_failures)} rejected cases not reported as expected")
        return 1
    print("fcm_firebase_admin: pushlint agrees with firebase-admin on every message")
    return 0


if __name__ == "__main__":
    sys.exit(main())
