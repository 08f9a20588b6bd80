"""`pushlint server` driven by a real LSP client (pytest-lsp, on pygls): initialize, open a bad FCM payload, get the
diagnostic at the right range, apply the quick fix, get empty diagnostics, hover. Run by scripts/check-lsp.sh
(PUSHLINT names the binary; default .build/debug/pushlint)."""
import asyncio
import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

REPO = pathlib.Path(__file__).resolve().parents[2]
PUSHLINT = os.environ.get("PUSHLINT", str(REPO / ".build/debug/pushlint"))

BAD_FCM = """{
  "message": {
    "token": "abc",
    "data": { "count": 3 }
  }
}
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[PUSHLINT, "server"]))
async def client(lsp_client: LanguageClient, tmp_path):
    # The test's folder is the workspace: the server writes .pushlint.json only inside a workspace folder.
    params = types.InitializeParams(
        root_uri=tmp_path.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="workspace")],
        capabilities=types.ClientCapabilities(
            text_document=types.TextDocumentClientCapabilities(
                code_action=types.CodeActionClientCapabilities(
                    code_action_literal_support=types.ClientCodeActionLiteralOptions(
                        code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix])
                    )
                ),
                hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            )
        )
    )
    result = await lsp_client.initialize_session(params)
    assert result.server_info.name == "pushlint"
    yield
    await lsp_client.shutdown_session()


async def diagnostics_for(client: LanguageClient, uri: str, version: int):
    """Waits until the server publishes diagnostics of `version` for `uri` (call it right after the notification
    that causes them: the wait is registered before the client reads the server's next message)."""
    for _ in range(50):
        params = await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), timeout=10)
        if params.uri == uri and params.version == version:
            return params.diagnostics
    raise AssertionError(f"no diagnostics for version {version}")


def apply(text: str, edits) -> str:
    lines = text.split("\n")

    def offset(position):
        return sum(len(line) + 1 for line in lines[: position.line]) + position.character

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


async def test_bad_fcm_payload_fix_and_hover(client: LanguageClient, tmp_path):
    path = tmp_path / "shipped.json"
    path.write_text(BAD_FCM)
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=BAD_FCM)
        )
    )
    diagnostics = await diagnostics_for(client, uri, 1)
    finding = next(d for d in diagnostics if d.code == "fcm-data-string-values")
    assert finding.range == types.Range(start=types.Position(line=3, character=23), end=types.Position(line=3, character=24))
    assert finding.severity == types.DiagnosticSeverity.Error
    assert finding.code_description.href.endswith("rules/fcm-data-string-values.md")
    assert finding.source == "pushlint"

    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=finding.range,
            context=types.CodeActionContext(diagnostics=[finding]),
        )
    )
    fixes = [a for a in actions if isinstance(a, types.CodeAction) and a.edit is not None]
    assert fixes and fixes[0].is_preferred
    # lsprotocol reads a CodeAction that carries a command as a Command (its union hook): check the title only.
    assert any(a.title == "Disable fcm-data-string-values for this file (in .pushlint.json)" for a in actions), actions
    fixed = apply(BAD_FCM, fixes[0].edit.changes[uri])
    assert '"count": "3"' in fixed

    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    assert list(await diagnostics_for(client, uri, 2)) == []

    # Back to the bad text: hover on the finding shows the rule's page.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=BAD_FCM)],
        )
    )
    await diagnostics_for(client, uri, 3)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=3, character=23))
    )
    assert hover is not None and "fcm-data-string-values" in hover.contents.value

    # "Disable this rule for this file": the command writes an override into .pushlint.json, and the file re-lints
    # (the diagnostics may come in the same read as the command's answer: wait for them from before the request).
    relinted = client.protocol.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    await client.workspace_execute_command_async(
        types.ExecuteCommandParams(command="pushlint.disableRuleForFile", arguments=[uri, "fcm-data-string-values"])
    )
    config = (tmp_path / ".pushlint.json").read_text()
    assert '"files": ["shipped.json"]' in config and '"fcm-data-string-values": "off"' in config
    params = await asyncio.wait_for(asyncio.wrap_future(relinted), timeout=10)
    assert not any(d.code == "fcm-data-string-values" for d in params.diagnostics)


async def test_ten_megabyte_document(client: LanguageClient, tmp_path):
    """A 10 MB document through the pipe: json-limit, and the server still answers afterwards."""
    uri = (tmp_path / "huge.json").as_uri()
    text = '{"aps": {"alert": "' + "a" * 10_000_000 + '"}}'
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=text))
    )
    diagnostics = await diagnostics_for(client, uri, 1)
    assert [d.code for d in diagnostics] == ["json-limit"]
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=0))
    )
    assert hover is not None and "json-limit" in hover.contents.value


async def test_unknown_method_is_method_not_found(client: LanguageClient):
    from pygls.exceptions import JsonRpcMethodNotFound

    with pytest.raises(JsonRpcMethodNotFound):
        await client.protocol.send_request_async("pushlint/noSuchMethod", {})


async def ping(client: LanguageClient, timeout=10):
    """A request the server must answer at once, whatever it is linting: an unknown method."""
    from pygls.exceptions import JsonRpcMethodNotFound

    with pytest.raises(JsonRpcMethodNotFound):
        await asyncio.wait_for(client.protocol.send_request_async("pushlint/ping", {}), timeout=timeout)


async def test_requests_are_answered_while_a_template_is_linted(client: LanguageClient, tmp_path):
    """Issue 33 L1: a template whose renderings take long (30 nested loops) is linted off the request thread: the
    server answers a request right after opening it, and shutdown at the end (the fixture) is answered too."""
    uri = (tmp_path / "nest.json.hbs").as_uri()
    text = '{"aps":{"alert":"x"}}' + "{{#each xs}}" * 30 + "{{/each}}" * 30
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="handlebars", version=1, text=text)
        )
    )
    await ping(client)


async def test_save_outside_the_workspace_walks_nothing(client: LanguageClient, tmp_path):
    """Issue 33 L3: saving a document with no config above it and outside the workspace folders runs no project
    rules (for a document at / the server walked the whole file system on its only thread)."""
    uri = "file:///pushlint-lsp-test-x.json"
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="json", version=1, text=BAD_FCM)
        )
    )
    await diagnostics_for(client, uri, 1)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await ping(client)


async def test_json_lines_document_agrees_with_the_lint_command(client: LanguageClient, tmp_path):
    """Issue 33 L5: a .jsonl document is linted line by line as `pushlint lint` lints the file: the same rules at
    the same lines and columns."""
    import re

    text = '{"message":{"token":"t","data":{"n":3}}}\n\n{"aps":\n  {"aps": {"badge": "x"}}\n'
    path = tmp_path / "sent.jsonl"
    path.write_text(text)
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="jsonl", version=1, text=text)
        )
    )
    editor = sorted((d.range.start.line + 1, d.range.start.character + 1, d.code) for d in await diagnostics_for(client, uri, 1))
    done = subprocess.run([PUSHLINT, "lint", str(path), "-f", "concise"], capture_output=True, text=True, timeout=60)
    cli = sorted(
        (int(m.group(1)), int(m.group(2)), m.group(3))
        for m in re.finditer(r"sent\.jsonl:(\d+):(\d+): .*\[([a-z0-9-]+)\]$", done.stdout, re.M)
    )
    assert len(cli) >= 3, done.stdout
    assert editor == cli


def test_client_that_disappears_ends_the_server():
    """EOF on standard input (the editor is gone) ends the server cleanly, also in the middle of a message."""
    body = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
    for data in [b"", b"Content-Length: %d\r\n\r\n" % len(body) + body, b"Content-Length: 500\r\n\r\n{\"jsonrpc\""]:
        done = subprocess.run([PUSHLINT, "server"], input=data, capture_output=True, timeout=20)
        assert done.returncode == 1, done
        assert b"Traceback" not in done.stderr and b"Fatal error" not in done.stderr


def test_garbage_framing_exits_without_a_crash():
    done = subprocess.run([PUSHLINT, "server"], input=b"hello\r\n\r\n", capture_output=True, timeout=20)
    assert done.returncode == 1
    assert b"stopping" in done.stderr
