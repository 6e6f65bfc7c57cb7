//! `wendc lsp`: a Language Server Protocol server over stdio, for editors.
//!
//! Built on rust-analyzer's lsp-server (the connection, framing and the
//! initialize/shutdown handshake; [`transport`] writes results serialized
//! once) and lsp-types (the protocol's messages). Editors send each change
//! as the range it replaced (incremental document sync, positions in UTF-16
//! as [`text`] converts them); the document is then re-checked in full with
//! [`wend_frontend::check_indexed`], which gives the same diagnostics as
//! `wendc build` and the name index the other features read
//! ([`features`]). Requests are answered one at a time, in order, on the
//! compiler thread (whose large stack the checker needs).
//!
//! `--time-requests` logs how long each message took, from reading it to
//! handing its answer to the writer, elapsed and in CPU time of the
//! server's thread: what `make bench` reports and the latency test checks.
//!
//! A panic while handling a message is caught: a request gets an error
//! response, a document whose check panicked keeps its text (for the edits
//! that follow) with no diagnostics, and the server goes on.
//!
//! Exit status: 0 after `shutdown` then `exit`; 1 on `exit` without
//! `shutdown` (as the protocol says) or when the connection breaks.

mod features;
mod format;
mod text;
mod transport;

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use crossbeam_channel::Sender;
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

use crate::cli::LspArgs;
use features::Document;
use text::Text;
use transport::Reply;

/// Serves one client on stdin/stdout until it exits; returns the exit
/// status.
pub fn run(args: &LspArgs) -> u8 {
    let (connection, replies, io_threads) = transport::stdio();
    let status = serve(&connection, &replies, args.time_requests);
    drop(connection);
    drop(replies);
    if let Err(err) = io_threads.join() {
        eprintln!("wendc lsp: {err}");
        return 1;
    }
    status
}

fn serve(connection: &Connection, replies: &Sender<Reply>, time_requests: bool) -> u8 {
    let capabilities = serde_json::to_value(capabilities()).expect("capabilities serialize");
    if let Err(err) = connection.initialize(capabilities) {
        eprintln!("wendc lsp: initialization failed: {err}");
        return 1;
    }
    let mut server = Server::default();
    for message in &connection.receiver {
        let started = (Instant::now(), crate::timing::thread_cpu_time());
        let method = match &message {
            Message::Request(request) => request.method.clone(),
            Message::Notification(notification) => notification.method.clone(),
            Message::Response(_) => continue,
        };
        if let Some(status) = server.handle(connection, replies, message) {
            return status;
        }
        if time_requests {
            let ms = |d: Duration| d.as_secs_f64() * 1000.0;
            let wall = ms(started.0.elapsed());
            let cpu = match (started.1, crate::timing::thread_cpu_time()) {
                (Some(before), Some(after)) => format!("{:.3} ms", ms(after - before)),
                _ => "unknown".to_string(),
            };
            eprintln!("wendc lsp: {method} took {wall:.3} ms (cpu {cpu})");
        }
    }
    1
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
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

/// A request's result as JSON text, or why there is none.
type Answer = Result<String, Failure>;

impl Server {
    /// Handles one message and sends what answers it; the exit status when
    /// the server is to stop.
    fn handle(
        &mut self,
        connection: &Connection,
        replies: &Sender<Reply>,
        message: Message,
    ) -> Option<u8> {
        let sent = match message {
            Message::Request(request) => {
                match connection.handle_shutdown(&request) {
                    Ok(true) => return Some(0),
                    Ok(false) => {}
                    Err(err) => {
                        eprintln!("wendc lsp: {err}");
                        return Some(1);
                    }
                }
                match self.request(request) {
                    Ok(reply) => replies.send(reply).is_ok(),
                    Err(response) => connection.sender.send(response.into()).is_ok(),
                }
            }
            Message::Notification(notification) => {
                if notification.method == lsp_types::notification::Exit::METHOD {
                    return Some(1);
                }
                (self.notification(notification).into_iter())
                    .all(|out| connection.sender.send(out.into()).is_ok())
            }
            Message::Response(_) => true,
        };
        if sent {
            None
        } else {
            Some(1)
        }
    }

    /// The reply to a request, or the error response.
    fn request(&mut self, request: Request) -> Result<Reply, Response> {
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
        Ok(serde_json::to_string(&result).expect("LSP results serialize"))
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
                Some(self.update(doc.uri, Text::new(doc.text), doc.version))
            }
            DidChangeTextDocument::METHOD => {
                let p: lsp_types::DidChangeTextDocumentParams = serde_json::from_value(params)?;
                let uri = p.text_document.uri;
                let Some(doc) = self.documents.remove(&uri) else {
                    eprintln!(
                        "wendc lsp: a change to `{}`, which is not open",
                        uri.as_str()
                    );
                    return Ok(None);
                };
                // Each change applies to the text the one before left; one
                // without a range is the whole new text.
                let mut text = doc.text;
                for change in p.content_changes {
                    match change.range {
                        Some(range) => text.edit(range, &change.text),
                        None => text = Text::new(change.text),
                    }
                }
                Some(self.update(uri, text, p.text_document.version))
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
    fn update(&mut self, uri: Uri, text: Text, version: i32) -> Notification {
        let doc = Document::new(text);
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

fn respond(id: RequestId, answer: Answer) -> Result<Reply, Response> {
    match answer {
        Ok(result) => Ok(Reply { id, result }),
        Err(failure) => Err(Response::new_err(id, failure.code as i32, failure.message)),
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
