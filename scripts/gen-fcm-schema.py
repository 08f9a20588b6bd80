#!/usr/bin/env python3
"""Writes the FCM v1 schema facts as Swift: Sources/PushLintModel/Schemas/FCMDiscoveryFacts.swift.

The facts are those of Google's discovery document `fcm.v1` (revision 20261023), pinned in
testdata/conformance/platforms/fcm-v1-message.schema-facts.json: field names, types, formats, enum values and
message references of `Message` and every schema it references. Nothing else (no descriptions).

    python3 scripts/gen-fcm-schema.py [FACTS.json] [--output FILE] [--check]

--check writes nothing and exits 1 when the committed file differs from what the facts give.
Standard library only.
"""

import json
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_FACTS = os.path.join(REPO, "testdata", "conformance", "platforms", "fcm-v1-message.schema-facts.json")
DEFAULT_OUTPUT = os.path.join(REPO, "Sources", "PushLintModel", "Schemas", "FCMDiscoveryFacts.swift")
COMMAND = "python3 scripts/gen-fcm-schema.py"
ROOT = "Message"


class FactsError(Exception):
    pass


def snake_case(camel):
    """The proto field name of a json name: `collapseKey` -> `collapse_key`, `androidV2` -> `android_v2`."""
    if not re.fullmatch(r"[a-z][A-Za-z0-9]*", camel):
        raise FactsError("field name %r is not lowerCamelCase" % camel)
    snake = re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), camel)
    # proto3 JSON derives the json name from the proto name; check that this one comes back.
    back = re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), snake)
    if back != camel:
        raise FactsError("field name %r does not round-trip through %r" % (camel, snake))
    return snake


def swift_string(text):
    if not re.fullmatch(r"[A-Za-z0-9_.\-]*", text):
        raise FactsError("unexpected characters in %r" % text)
    return '"' + text + '"'


def field_type(prop, where):
    """The Swift `FCMDiscovery.FieldType` expression of one property (or array item, or map value)."""
    known = {"type", "format", "enum", "$ref", "items", "additionalProperties"}
    extra = set(prop) - known
    if extra:
        raise FactsError("%s: unexpected keys %s" % (where, sorted(extra)))
    if "$ref" in prop:
        if set(prop) != {"$ref"}:
            raise FactsError("%s: $ref with other keys" % where)
        return ".ref(%s)" % swift_string(prop["$ref"])
    kind = prop.get("type")
    fmt = prop.get("format")
    fmt_arg = "nil" if fmt is None else swift_string(fmt)
    if "enum" in prop:
        if kind != "string":
            raise FactsError("%s: enum of type %r" % (where, kind))
        return ".enumeration([%s])" % ", ".join(swift_string(v) for v in prop["enum"])
    if kind == "string":
        return ".string(format: %s)" % fmt_arg
    if kind == "boolean":
        return ".boolean"
    if kind == "integer":
        return ".integer(format: %s)" % fmt_arg
    if kind == "number":
        return ".number(format: %s)" % fmt_arg
    if kind == "any":
        return ".any"
    if kind == "array":
        return ".array(%s)" % field_type(prop["items"], where + "[]")
    if kind == "object":
        if "additionalProperties" not in prop:
            raise FactsError("%s: object without additionalProperties" % where)
        return ".map(%s)" % field_type(prop["additionalProperties"], where + "{}")
    raise FactsError("%s: unknown type %r" % (where, kind))


def refs(prop):
    if "$ref" in prop:
        yield prop["$ref"]
    for key in ("items", "additionalProperties"):
        if key in prop:
            yield from refs(prop[key])


def reachable(schemas):
    """`Message` and every schema it references, directly or not, sorted by name."""
    seen, todo = set(), [ROOT]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in schemas:
            raise FactsError("schema %r is referenced but not in the facts" % name)
        seen.add(name)
        for prop in schemas[name].get("properties", {}).values():
            todo.extend(refs(prop))
    return sorted(seen)


def generate(facts):
    schemas = facts["schemas"]
    source = facts.get("source", "")
    match = re.search(r"revision (\d+)", source)
    if not match:
        raise FactsError("the facts do not name the document's revision")
    lines = [
        "// GENERATED FILE, do not edit. Made by `%s` from" % COMMAND,
        "// testdata/conformance/platforms/fcm-v1-message.schema-facts.json: %s." % source,
        "// Facts only (field names, types, formats, enum values, references); what the descriptions say and the",
        "// formats pushlint checks are refinements in FCMSchema.swift. FCMDiscoveryFactsTests compares this table",
        "// with the pinned document.",
        "// The generator's layout, checked byte for byte by that test; the formatter leaves it alone:",
        "// swift-format-ignore-file",
        "",
        "extension FCMDiscovery {",
        "    /// The discovery document's revision these facts are from.",
        "    public static let revision = %s" % swift_string(match.group(1)),
        "",
        "    /// `%s` and every schema it references, by name; fields in the document's order." % ROOT,
        "    public static let schemas: [Schema] = [",
    ]
    for name in reachable(schemas):
        schema = schemas[name]
        if schema.get("type") != "object":
            raise FactsError("schema %s is not an object" % name)
        props = schema.get("properties", {})
        if not props:
            lines.append("        Schema(%s, []),"  % swift_string(name))
            continue
        lines.append("        Schema(")
        lines.append("            %s," % swift_string(name))
        lines.append("            [")
        for json_name, prop in props.items():
            where = "%s.%s" % (name, json_name)
            lines.append(
                "                Field(%s, %s, %s),"
                % (swift_string(snake_case(json_name)), swift_string(json_name), field_type(prop, where)))
        lines.append("            ]),")
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def main(argv):
    args = list(argv)
    check = "--check" in args
    if check:
        args.remove("--check")
    output = DEFAULT_OUTPUT
    if "--output" in args:
        index = args.index("--output")
        if index + 1 >= len(args):
            print("gen-fcm-schema: --output needs a file", file=sys.stderr)
            return 2
        output = args[index + 1]
        del args[index:index + 2]
    if len(args) > 1 or any(a.startswith("-") for a in args):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path = args[0] if args else DEFAULT_FACTS
    try:
        with open(path, encoding="utf-8") as f:
            facts = json.load(f)
        text = generate(facts)
    except (OSError, ValueError, KeyError, FactsError) as error:
        print("gen-fcm-schema: %s: %s" % (path, error), file=sys.stderr)
        return 1
    if check:
        try:
            with open(output, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = None
        if current != text:
            print("gen-fcm-schema: %s is not current; run %s" % (os.path.relpath(output, REPO), COMMAND), file=sys.stderr)
            return 1
        return 0
    with open(output + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(output + ".tmp", output)
    print("wrote %s" % os.path.relpath(output, REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
