//! The connection to the client over stdin/stdout: lsp-server's messages,
//! framing and handshake, with one addition. A result is sent as the JSON
//! text it was serialized to, straight from its LSP type, and written as
//! it is: an lsp-server `Response` would hold it as a `serde_json::Value`,
//! a tree of maps built, copied and serialized again, which on a long file
//! (its symbols, its semantic tokens) takes longer than finding them.
//!
//! Everything else (the handshake, notifications, errors) goes through
//! [`Connection`]'s channel as usual. The writer thread takes from both
//! channels; both are rendezvous channels with one sender, the server's
//! loop, so the writer receives, and writes, in the order sent.

use std::io::{self, BufRead, Read, Write};
use std::thread::{self, JoinHandle};

use crossbeam_channel::{bounded, never, select, Receiver, Sender};
use lsp_server::{Connection, Message, RequestId};

/// A successful response: the request's id and its result as JSON text.
pub struct Reply {
    pub id: RequestId,
    pub result: String,
}

/// The reader and writer threads, to join when the server is done.
pub struct IoThreads {
    reader: JoinHandle<io::Result<()>>,
    writer: JoinHandle<io::Result<()>>,
}

impl IoThreads {
    pub fn join(self) -> io::Result<()> {
        // The threads never panic: their bodies only read, write and send.
        self.reader
            .join()
            .expect("the LSP reader thread panicked")?;
        self.writer.join().expect("the LSP writer thread panicked")
    }
}

/// A connection over stdin/stdout, and the sender of [`Reply`]s.
pub fn stdio() -> (Connection, Sender<Reply>, IoThreads) {
    let (to_server, from_reader) = bounded::<Message>(0);
    let reader = thread::Builder::new()
        .name("wendc-lsp-reader".to_string())
        .spawn(move || read(&mut io::stdin().lock(), &to_server))
        .expect("the LSP reader thread starts");
    let (to_writer, messages) = bounded::<Message>(0);
    let (to_writer_replies, replies) = bounded::<Reply>(0);
    let writer = thread::Builder::new()
        .name("wendc-lsp-writer".to_string())
        .spawn(move || write(&mut io::stdout().lock(), messages, replies))
        .expect("the LSP writer thread starts");
    let connection = Connection {
        sender: to_writer,
        receiver: from_reader,
    };
    (connection, to_writer_replies, IoThreads { reader, writer })
}

/// Passes the client's messages on until `exit` or the end of the input.
fn read(input: &mut impl BufRead, server: &Sender<Message>) -> io::Result<()> {
    while let Some(message) = read_message(input)? {
        let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
        if server.send(message).is_err() || exit {
            break;
        }
    }
    Ok(())
}

/// One message, framed as lsp-server's `Message::read` reads it, but with
/// its body read as it arrives: lsp-server allocates the whole
/// `Content-Length` before reading, so that a header claiming a terabyte
/// aborted the server (or took the machine's memory).
fn read_message(input: &mut impl BufRead) -> io::Result<Option<Message>> {
    let invalid = |message: String| io::Error::new(io::ErrorKind::InvalidData, message);
    let mut length = None;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let Some(header) = line.strip_suffix("\r\n") else {
            return Err(invalid(format!("malformed header: {line:?}")));
        };
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(": ") else {
            return Err(invalid(format!("malformed header: {header:?}")));
        };
        if name.eq_ignore_ascii_case("Content-Length") {
            let value = value.parse::<u64>();
            length =
                Some(value.map_err(|e| invalid(format!("malformed header: {header:?}: {e}")))?);
        }
    }
    let length = length.ok_or_else(|| invalid("no Content-Length".to_string()))?;
    let mut body = Vec::new();
    input.take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            format!(
                "the input ended {} bytes into a message of {length}",
                body.len()
            ),
        ));
    }
    serde_json::from_slice(&body).map(Some).map_err(|e| {
        let text = String::from_utf8_lossy(&body);
        invalid(format!("malformed LSP payload `{e}`: {text:?}"))
    })
}

/// Writes messages and replies in the order they come, until the server
/// has dropped both senders.
fn write(
    out: &mut impl Write,
    messages: Receiver<Message>,
    replies: Receiver<Reply>,
) -> io::Result<()> {
    let (mut messages, mut replies) = (Some(messages), Some(replies));
    while messages.is_some() || replies.is_some() {
        // A channel whose sender is gone is replaced by one that never
        // delivers, so that `select!` waits on the other.
        let (from_messages, from_replies) = (
            messages.clone().unwrap_or_else(never),
            replies.clone().unwrap_or_else(never),
        );
        select! {
            recv(from_messages) -> message => match message {
                Ok(message) => message.write(out)?,
                Err(_) => messages = None,
            },
            recv(from_replies) -> reply => match reply {
                Ok(reply) => write_reply(out, &reply)?,
                Err(_) => replies = None,
            },
        }
    }
    Ok(())
}

/// A response as lsp-server frames it, with the result's text as it is.
fn write_reply(out: &mut impl Write, reply: &Reply) -> io::Result<()> {
    let head = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":{},\"result\":",
        serde_json::to_string(&reply.id)?
    );
    let length = head.len() + reply.result.len() + 1;
    write!(out, "Content-Length: {length}\r\n\r\n{head}")?;
    out.write_all(reply.result.as_bytes())?;
    out.write_all(b"}")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_server::{Notification, Response};

    #[test]
    fn a_message_longer_than_the_input_is_an_error_not_an_allocation() {
        let mut input = &b"Content-Length: 999999999999\r\n\r\n{}"[..];
        let error = read_message(&mut input).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::UnexpectedEof);
        assert_eq!(
            error.to_string(),
            "the input ended 2 bytes into a message of 999999999999"
        );
    }

    #[test]
    fn messages_are_read_as_lsp_server_frames_them() {
        let note = Notification::new("n".to_string(), serde_json::json!({"a": 1}));
        let mut framed = Vec::new();
        Message::from(note).write(&mut framed).unwrap();
        framed.extend_from_slice(b"content-length: 2\r\nX: y\r\n\r\n{}garbage\r\n");
        let mut input = &framed[..];
        let first = read_message(&mut input).unwrap().unwrap();
        assert!(matches!(first, Message::Notification(n) if n.method == "n"));
        // `{}` is no message; then a header without its colon.
        let second = read_message(&mut input).unwrap_err();
        assert!(
            second.to_string().starts_with("malformed LSP payload"),
            "{second}"
        );
        let third = read_message(&mut input).unwrap_err();
        assert_eq!(third.to_string(), "malformed header: \"garbage\"");
        assert!(read_message(&mut input).unwrap().is_none());
    }

    #[test]
    fn replies_and_messages_are_written_in_the_order_sent() {
        let (to_messages, messages) = bounded::<Message>(0);
        let (to_replies, replies) = bounded::<Reply>(0);
        let writer = thread::spawn(move || {
            let mut out = Vec::new();
            write(&mut out, messages, replies).unwrap();
            out
        });
        let note = Notification::new("n".to_string(), serde_json::json!({"a": 1}));
        to_messages.send(note.into()).unwrap();
        let id = RequestId::from(7);
        let result = r#"{"b":[1,2]}"#.to_string();
        to_replies.send(Reply { id, result }).unwrap();
        let error = Response::new_err(RequestId::from("x".to_string()), -1, "no".to_string());
        to_messages.send(error.into()).unwrap();
        drop(to_messages);
        drop(to_replies);
        let out = writer.join().unwrap();

        // Read back with lsp-server's own reader: each frame is whole.
        let mut input = &out[..];
        let mut read = Vec::new();
        while let Some(message) = Message::read(&mut input).unwrap() {
            read.push(message);
        }
        assert_eq!(read.len(), 3);
        assert!(matches!(&read[0], Message::Notification(n) if n.method == "n"));
        let Message::Response(reply) = &read[1] else {
            panic!("{:?}", read[1])
        };
        assert_eq!(reply.id, RequestId::from(7));
        assert_eq!(
            reply.response_result.as_ref().ok(),
            Some(&serde_json::json!({"b": [1, 2]}))
        );
        assert!(matches!(&read[2], Message::Response(r) if r.response_result.is_err()));
    }
}
