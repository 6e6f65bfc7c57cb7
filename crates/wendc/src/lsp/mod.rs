//! `wendc lsp`: a Language Server Protocol server over stdio, for editors.
//!
//! Built on rust-analyzer's lsp-server (the connection, framing and the
//! initialize/shutdown handshake) and lsp-types (the protocol's messages).
//! Every open document is re-checked in full on each change (full document
//! sync) with [`wend_frontend::check_indexed`], which gives the same
//! diagnostics as `wendc build` and the name index the other features read
//! ([`features`]). Requests are answered one at a time, in order, on the
//! compiler thread (whose large stack the checker needs).
//!
//! A panic while handling a message is caught: the request gets an error
//! response, the document its diagnostics cleared, and the server goes on.
//!
//! Exit status: 0 after `shutdown` then `exit`; 1 on `exit` without
//! `shutdown` (as the protocol says) or when the connection breaks.

mod features;
mod format;
mod text;

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    Notification as NotificationType, PublishDiagnostics,
};
use lsp_types::request::{
    DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, PrepareRenameRequest,
    References, Rename, Request as RequestType, SemanticTokensFullRequest,
};
use lsp_types::{
    HoverProviderCapability, OneOf, PositionEncodingKind, PublishDiagnosticsParams, RenameOptions,
    SemanticTokensFullOptions, SemanticTokensOptions, SemanticTokensServerCapabilities,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
    WorkDoneProgressOptions,
};
use serde::de::DeserializeOwned;

use features::Document;

/// Serves one client on stdin/stdout until it exits; returns the exit
/// status.
pub fn run() -> u8 {
    let (connection, io_threads) = Connection::stdio();
    let status = serve(&connection);
    drop(connection);
    if let Err(err) = io_threads.join() {
        eprintln!("wendc lsp: {err}");
        return 1;
    }
    status
}

fn serve(connection: &Connection) -> u8 {
    let capabilities = serde_json::to_value(capabilities()).expect("capabilities serialize");
    if let Err(err) = connection.initialize(capabilities) {
        eprintln!("wendc lsp: initialization failed: {err}");
        return 1;
    }
    let mut server = Server::default();
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                match connection.handle_shutdown(&request) {
                    Ok(true) => return 0,
                    Ok(false) => {}
                    Err(err) => {
                        eprintln!("wendc lsp: {err}");
                        return 1;
                    }
                }
                let response = server.request(request);
                if connection.sender.send(response.into()).is_err() {
                    return 1;
                }
            }
            Message::Notification(notification) => {
                if notification.method == lsp_types::notification::Exit::METHOD {
                    return 1;
                }
                for out in server.notification(notification) {
                    if connection.sender.send(out.into()).is_err() {
                        return 1;
                    }
                }
            }
            Message::Response(_) => {}
        }
    }
    1
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: WorkDoneProgressOptions::default(),
        })),
        semantic_tokens_provider: Some(SemanticTokensServerCapabilities::SemanticTokensOptions(
            SemanticTokensOptions {
                legend: features::semantic_legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                range: None,
                work_done_progress_options: WorkDoneProgressOptions::default(),
            },
        )),
        document_formatting_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// The open documents, by URI.
#[derive(Default)]
struct Server {
    documents: HashMap<Uri, Document>,
}

/// A request's failure, answered as an LSP error response.
pub struct Failure {
    code: ErrorCode,
    message: String,
}

impl Failure {
    /// A request that cannot be done as asked (a refused rename).
    pub fn refused(message: impl Into<String>) -> Failure {
        Failure {
            code: ErrorCode::RequestFailed,
            message: message.into(),
        }
    }
}

type Answer = Result<serde_json::Value, Failure>;

impl Server {
    fn request(&mut self, request: Request) -> Response {
        let Request { id, method, params } = request;
        let answer = catch_unwind(AssertUnwindSafe(|| self.answer(&method, params)));
        let answer = answer.unwrap_or_else(|_| {
            Err(Failure {
                code: ErrorCode::InternalError,
                message: format!("internal error in wendc while answering `{method}`"),
            })
        });
        respond(id, answer)
    }

    fn answer(&mut self, method: &str, params: serde_json::Value) -> Answer {
        match method {
            HoverRequest::METHOD => self.with::<HoverRequest>(params, |doc, p| {
                let at = &p.text_document_position_params;
                doc.hover(at.position)
            }),
            GotoDefinition::METHOD => self.with::<GotoDefinition>(params, |doc, p| {
                let at = &p.text_document_position_params;
                doc.definition(&at.text_document.uri, at.position)
            }),
            References::METHOD => self.with::<References>(params, |doc, p| {
                let at = &p.text_document_position;
                let declaration = p.context.include_declaration;
                doc.references(&at.text_document.uri, at.position, declaration)
            }),
            DocumentSymbolRequest::METHOD => {
                self.with::<DocumentSymbolRequest>(params, |doc, _| doc.symbols())
            }
            PrepareRenameRequest::METHOD => {
                self.with::<PrepareRenameRequest>(params, |doc, p| doc.prepare_rename(p.position))
            }
            Rename::METHOD => self.with_fallible::<Rename>(params, |doc, p| {
                let at = &p.text_document_position;
                doc.rename(&at.text_document.uri, at.position, &p.new_name)
            }),
            SemanticTokensFullRequest::METHOD => {
                self.with::<SemanticTokensFullRequest>(params, |doc, _| doc.semantic_tokens())
            }
            Formatting::METHOD => {
                self.with_fallible::<Formatting>(params, |doc, _| format::edits(doc))
            }
            // Lets the tests check that a panic answers an error and the
            // server goes on; not in a release build.
            #[cfg(debug_assertions)]
            "wendc/panic" => panic!("a panic asked for by the client"),
            _ => Err(Failure {
                code: ErrorCode::MethodNotFound,
                message: format!("wendc lsp does not handle `{method}`"),
            }),
        }
    }

    /// Answers request `R` about an open document with `f`.
    fn with<R>(
        &self,
        params: serde_json::Value,
        f: impl Fn(&Document, &R::Params) -> R::Result,
    ) -> Answer
    where
        R: RequestType,
        R::Params: DeserializeOwned + DocumentParams,
    {
        self.with_fallible::<R>(params, |doc, p| Ok(f(doc, p)))
    }

    fn with_fallible<R>(
        &self,
        params: serde_json::Value,
        f: impl Fn(&Document, &R::Params) -> Result<R::Result, Failure>,
    ) -> Answer
    where
        R: RequestType,
        R::Params: DeserializeOwned + DocumentParams,
    {
        let params: R::Params = serde_json::from_value(params).map_err(|err| Failure {
            code: ErrorCode::InvalidParams,
            message: format!("invalid parameters for `{}`: {err}", R::METHOD),
        })?;
        let uri = params.uri();
        let doc = self.documents.get(uri).ok_or_else(|| Failure {
            code: ErrorCode::InvalidParams,
            message: format!("`{}` is not open", uri.as_str()),
        })?;
        let result = f(doc, &params)?;
        Ok(serde_json::to_value(result).expect("LSP results serialize"))
    }

    /// Handles a notification; returns the notifications to send back.
    fn notification(&mut self, notification: Notification) -> Vec<Notification> {
        let Notification { method, params } = notification;
        let handled = catch_unwind(AssertUnwindSafe(|| self.notified(&method, params)));
        match handled {
            Ok(Ok(out)) => out.into_iter().collect(),
            Ok(Err(err)) => {
                eprintln!("wendc lsp: invalid parameters for `{method}`: {err}");
                Vec::new()
            }
            Err(_) => {
                eprintln!("wendc lsp: internal error while handling `{method}`");
                Vec::new()
            }
        }
    }

    fn notified(
        &mut self,
        method: &str,
        params: serde_json::Value,
    ) -> Result<Option<Notification>, serde_json::Error> {
        Ok(match method {
            DidOpenTextDocument::METHOD => {
                let p: lsp_types::DidOpenTextDocumentParams = serde_json::from_value(params)?;
                let doc = p.text_document;
                Some(self.update(doc.uri, doc.text, doc.version))
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams = serde_json::from_value(params)?;
                // Full sync: the last change holds the whole text.
                let uri = p.text_document.uri;
                p.content_changes
                    .into_iter()
                    .last()
                    .map(|change| self.update(uri, change.text, p.text_document.version))
            }
            DidCloseTextDocument::METHOD => {
                let p: lsp_types::DidCloseTextDocumentParams = serde_json::from_value(params)?;
                self.documents.remove(&p.text_document.uri);
                Some(diagnostics(p.text_document.uri, Vec::new(), None))
            }
            _ => None,
        })
    }

    /// Stores and checks a document's new text; its diagnostics to publish.
    fn update(&mut self, uri: Uri, source: String, version: i32) -> Notification {
        // Dropped first: a panic while checking leaves no stale analysis.
        self.documents.remove(&uri);
        let doc = Document::new(source);
        let diags = doc.diagnostics(&uri);
        self.documents.insert(uri.clone(), doc);
        diagnostics(uri, diags, Some(version))
    }
}

fn diagnostics(
    uri: Uri,
    diagnostics: Vec<lsp_types::Diagnostic>,
    version: Option<i32>,
) -> Notification {
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version,
    };
    Notification::new(PublishDiagnostics::METHOD.to_string(), params)
}

fn respond(id: RequestId, answer: Answer) -> Response {
    match answer {
        Ok(result) => Response::new_ok(id, result),
        Err(failure) => Response::new_err(id, failure.code as i32, failure.message),
    }
}

/// The parameters of a request about one document.
trait DocumentParams {
    fn uri(&self) -> &Uri;
}

macro_rules! document_params {
    ($($params:ty => |$p:ident| $uri:expr;)*) => {
        $(impl DocumentParams for $params {
            fn uri(&self) -> &Uri {
                let $p = self;
                &$uri
            }
        })*
    };
}

document_params! {
    lsp_types::HoverParams => |p| p.text_document_position_params.text_document.uri;
    lsp_types::GotoDefinitionParams => |p| p.text_document_position_params.text_document.uri;
    lsp_types::ReferenceParams => |p| p.text_document_position.text_document.uri;
    lsp_types::DocumentSymbolParams => |p| p.text_document.uri;
    lsp_types::TextDocumentPositionParams => |p| p.text_document.uri;
    lsp_types::RenameParams => |p| p.text_document_position.text_document.uri;
    lsp_types::SemanticTokensParams => |p| p.text_document.uri;
    lsp_types::DocumentFormattingParams => |p| p.text_document.uri;
}
