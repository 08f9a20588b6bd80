#!/usr/bin/env node
// The `pushlint` command of the npm package: runs the prebuilt binary of the package for this platform, which npm
// installed from optionalDependencies (each platform package declares its os and cpu, so npm skips the others).
"use strict";

const { spawnSync } = require("node:child_process");
const path = require("node:path");

// "platform arch" (process.platform, process.arch) -> the package with that binary (written by scripts/package).
const packages = @PACKAGES@;

const where = `${process.platform} ${process.arch}`;
const name = packages[where];
if (name === undefined) {
  const supported = Object.keys(packages).join(", ");
  console.error(
    `pushlint: no prebuilt binary for ${process.platform}-${process.arch} (the npm package has: ${supported}).\n` +
      "Build it from source with Swift 6 (swift build -c release), or see " +
      "https://github.com/pushlint/pushlint/blob/main/docs/install.md"
  );
  process.exit(2);
}

let binary;
try {
  binary = path.join(path.dirname(require.resolve(`${name}/package.json`)), "pushlint");
} catch {
  console.error(
    `pushlint: the package ${name} with the binary for ${process.platform}-${process.arch} is not installed.\n` +
      "npm installs it as an optional dependency of pushlint: reinstall without --omit=optional " +
      "(or --no-optional), and with this machine's platform (not another one's lockfile)."
  );
  process.exit(2);
}

const result = spawnSync(binary, process.argv.slice(2), { stdio: "inherit" });
if (result.error) {
  console.error(`pushlint: could not run ${binary}: ${result.error.message}`);
  process.exit(2);
}
if (result.signal) {
  process.kill(process.pid, result.signal);
}
process.exit(result.status ?? 2);
