# Homebrew formula for the pushlint tap (brew install pushlint/tap/pushlint): the release binary, no compiling.
# Written by pushlint's scripts/package for release v@VERSION@; the checksums are those of its SHA256SUMS.
class Pushlint < Formula
  desc "Linter and contract validator for push-notification payloads (APNs, FCM, Expo)"
  homepage "https://github.com/pushlint/pushlint"
  version "@VERSION@"

@PLATFORMS@

  def install
    bin.install Dir["pushlint-*"].first => "pushlint"
  end

  test do
    assert_equal "pushlint #{version}", shell_output("#{bin}/pushlint --version").strip
    (testpath/"push/ok.json").write '{"aps": {"alert": "Hi"}}'
    system bin/"pushlint", "lint", "push"
  end
end
