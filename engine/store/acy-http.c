/* acy-http.c - one HTTP/1.1 GET over GIO, for fetching model files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Just enough HTTP to download a few small text files from a git web
 * front: a GET with "Connection: close", a body sized by Content-Length,
 * chunked or ended by the close, and redirects. TLS comes from GIO (the
 * glib-networking module); the engine needs nothing beyond GLib/GIO.
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "acy-http.h"

#define MAX_REDIRECTS 5
#define MAX_HEADER_LINES 100
#define MAX_LINE 8192
#define READ_SIZE 16384

typedef struct {
  const char          *url;        /* the URL asked for, for messages */
  guint                timeout;
  gsize                max_size;
  AcyHttpProgressFunc  progress;
  gpointer             progress_data;
  GCancellable        *cancellable;
} Fetch;

typedef struct {
  guint   status;
  char   *reason;
  gint64  content_length;          /* -1: not given */
  gboolean chunked;
  char   *location;
} Head;

static void
head_clear (Head *h)
{
  g_clear_pointer (&h->reason, g_free);
  g_clear_pointer (&h->location, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Head, head_clear)

/* Turns a GIO error into the engine's, naming the URL and what was being
 * done. Takes @local. */
static void
take_io_error (const Fetch *f,
               const char  *doing,
               GError      *local,
               GError     **error)
{
  if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_set_error (error, ACY_ERROR, ACY_ERROR_CANCELLED, "%s: cancelled", f->url);
  else if (g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                 "%s: the server stalled: nothing came for %u s while %s",
                 f->url, f->timeout, doing);
  else if (g_error_matches (local, G_TLS_ERROR, G_TLS_ERROR_UNAVAILABLE))
    g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                 "%s: %s: %s (GIO's TLS module is missing: install glib-networking)",
                 f->url, doing, local->message);
  else
    g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: %s: %s", f->url, doing, local->message);
  g_error_free (local);
}

/* Reads one line ending in LF (a CR before it is dropped). Returns NULL
 * with @error set at the end of the stream or on a line too long. */
static char *
read_line (const Fetch       *f,
           GDataInputStream  *in,
           const char        *doing,
           GError           **error)
{
  GError *local = NULL;
  gsize len = 0;
  char *line = g_data_input_stream_read_line (in, &len, f->cancellable, &local);

  if (line == NULL)
    {
      if (local != NULL)
        take_io_error (f, doing, local, error);
      else
        g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                     "%s: the server closed the connection while %s", f->url, doing);
      return NULL;
    }
  if (len > MAX_LINE)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                   "%s: the server sent a line of %" G_GSIZE_FORMAT " bytes while %s",
                   f->url, len, doing);
      g_free (line);
      return NULL;
    }
  if (len > 0 && line[len - 1] == '\r')
    line[len - 1] = '\0';
  return line;
}

/* status-line = HTTP-version SP status-code SP reason-phrase
 * header      = field-name ":" OWS field-value OWS */
static gboolean
read_head (const Fetch      *f,
           GDataInputStream *in,
           Head             *head,
           GError          **error)
{
  g_autofree char *status = read_line (f, in, "waiting for the answer", error);
  char *end = NULL;
  guint64 code;

  head->content_length = -1;
  if (status == NULL)
    return FALSE;
  if (!g_str_has_prefix (status, "HTTP/1.") || strlen (status) < 12 || status[8] != ' ')
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                   "%s: the server did not answer in HTTP/1.x", f->url);
      return FALSE;
    }
  code = g_ascii_strtoull (status + 9, &end, 10);
  if (end != status + 12 || code < 100 || code > 599)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                   "%s: the server's status line '%s' has no status code", f->url, status);
      return FALSE;
    }
  head->status = code;
  head->reason = g_strdup (g_strstrip (end));

  for (guint n = 0;; n++)
    {
      g_autofree char *line = read_line (f, in, "reading the answer's headers", error);
      char *colon;

      if (line == NULL)
        return FALSE;
      if (*line == '\0')
        return TRUE;
      if (n == MAX_HEADER_LINES)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                       "%s: the server sent more than %u header lines", f->url, MAX_HEADER_LINES);
          return FALSE;
        }
      colon = strchr (line, ':');
      if (colon == NULL)
        continue;
      *colon = '\0';
      g_strstrip (colon + 1);
      if (g_ascii_strcasecmp (line, "Content-Length") == 0)
        {
          guint64 v;
          if (!g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXINT64, &v, NULL))
            {
              g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                           "%s: the server sent a bad Content-Length '%s'", f->url, colon + 1);
              return FALSE;
            }
          head->content_length = v;
        }
      else if (g_ascii_strcasecmp (line, "Transfer-Encoding") == 0)
        head->chunked = g_ascii_strcasecmp (colon + 1, "chunked") == 0
                        || g_str_has_suffix (colon + 1, "chunked");
      else if (g_ascii_strcasecmp (line, "Location") == 0)
        {
          g_free (head->location);
          head->location = g_strdup (colon + 1);
        }
    }
}

/* Appends up to @want bytes (all until the end when @want is -1) to
 * @body. Returns FALSE with @error set on a failure or, when @want is
 * given, an early end. */
static gboolean
read_body (const Fetch  *f,
           GInputStream *in,
           gint64        want,
           goffset       total,
           GByteArray   *body,
           GError      **error)
{
  guint8 buf[READ_SIZE];
  gint64 got = 0;

  while (want < 0 || got < want)
    {
      gsize size = want < 0 ? sizeof buf : (gsize) MIN ((gint64) sizeof buf, want - got);
      GError *local = NULL;
      gssize n = g_input_stream_read (in, buf, size, f->cancellable, &local);

      if (n < 0)
        {
          take_io_error (f, "reading the file", local, error);
          return FALSE;
        }
      if (n == 0)
        {
          if (want < 0)
            return TRUE;
          g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                       "%s: the server closed the connection after %" G_GINT64_FORMAT
                       " of %" G_GINT64_FORMAT " bytes", f->url, got, want);
          return FALSE;
        }
      if (body->len + (gsize) n > f->max_size)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_LIMIT,
                       "%s: the file is larger than %" G_GSIZE_FORMAT " bytes", f->url, f->max_size);
          return FALSE;
        }
      g_byte_array_append (body, buf, n);
      got += n;
      if (f->progress)
        f->progress (body->len, total, f->progress_data);
    }
  return TRUE;
}

/* chunked-body = *chunk last-chunk trailer-section CRLF
 * chunk        = chunk-size [ chunk-ext ] CRLF chunk-data CRLF */
static gboolean
read_chunked (const Fetch      *f,
              GDataInputStream *in,
              GByteArray       *body,
              GError          **error)
{
  for (;;)
    {
      g_autofree char *size_line = read_line (f, in, "reading a chunk's size", error);
      char *end = NULL;
      guint64 size;

      if (size_line == NULL)
        return FALSE;
      size = g_ascii_strtoull (size_line, &end, 16);
      if (end == size_line || (*end != '\0' && *end != ';' && *end != ' ' && *end != '\t'))
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                       "%s: the server sent a bad chunk size '%s'", f->url, size_line);
          return FALSE;
        }
      if (size == 0)
        break;
      if (size > f->max_size)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_LIMIT,
                       "%s: the file is larger than %" G_GSIZE_FORMAT " bytes", f->url, f->max_size);
          return FALSE;
        }
      if (!read_body (f, G_INPUT_STREAM (in), size, -1, body, error))
        return FALSE;
      {
        g_autofree char *crlf = read_line (f, in, "reading the end of a chunk", error);
        if (crlf == NULL)
          return FALSE;
      }
    }
  /* The trailer section, up to its empty line. */
  for (guint n = 0; n < MAX_HEADER_LINES; n++)
    {
      g_autofree char *line = read_line (f, in, "reading the end of the file", error);
      if (line == NULL)
        return FALSE;
      if (*line == '\0')
        return TRUE;
    }
  return TRUE;
}

static GBytes *
get_file (const Fetch *f,
          GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_uri (f->url);
  GError *local = NULL;
  char *data = NULL;
  gsize len = 0;

  if (!g_file_load_contents (file, f->cancellable, &data, &len, NULL, &local))
    {
      take_io_error (f, "reading", local, error);
      return NULL;
    }
  if (len > f->max_size)
    {
      g_free (data);
      g_set_error (error, ACY_ERROR, ACY_ERROR_LIMIT,
                   "%s: the file is larger than %" G_GSIZE_FORMAT " bytes", f->url, f->max_size);
      return NULL;
    }
  if (f->progress)
    f->progress (len, len, f->progress_data);
  return g_bytes_new_take (data, len);
}

/* One request to @url. Sets *@redirect to the next URL on a redirect. */
static GBytes *
get_once (const Fetch  *f,
          const char   *url,
          char        **redirect,
          GError      **error)
{
  g_autoptr(GUri) uri = NULL;
  g_autoptr(GSocketClient) client = NULL;
  g_autoptr(GSocketConnection) conn = NULL;
  g_autoptr(GDataInputStream) in = NULL;
  g_autoptr(GString) request = NULL;
  g_autoptr(GByteArray) body = NULL;
  g_auto(Head) head = { 0 };
  GError *local = NULL;
  const char *scheme, *host, *path, *query;
  gboolean tls;
  int port;

  uri = g_uri_parse (url, G_URI_FLAGS_ENCODED, &local);
  if (uri == NULL)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: not a URL: %s", url, local->message);
      g_error_free (local);
      return NULL;
    }
  scheme = g_uri_get_scheme (uri);
  tls = g_ascii_strcasecmp (scheme, "https") == 0;
  if (!tls && g_ascii_strcasecmp (scheme, "http") != 0)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO,
                   "%s: only http://, https:// and file:// addresses can be fetched", url);
      return NULL;
    }
  host = g_uri_get_host (uri);
  if (host == NULL || *host == '\0')
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: the address names no host", url);
      return NULL;
    }
  port = g_uri_get_port (uri);
  path = g_uri_get_path (uri);
  query = g_uri_get_query (uri);

  client = g_socket_client_new ();
  g_socket_client_set_timeout (client, f->timeout);
  g_socket_client_set_tls (client, tls);
  conn = g_socket_client_connect_to_uri (client, url, tls ? 443 : 80, f->cancellable, &local);
  if (conn == NULL)
    {
      take_io_error (f, "could not connect", local, error);
      return NULL;
    }

  request = g_string_new ("GET ");
  g_string_append (request, *path ? path : "/");
  if (query)
    g_string_append_printf (request, "?%s", query);
  g_string_append (request, " HTTP/1.1\r\nHost: ");
  g_string_append (request, strchr (host, ':') ? "[" : "");
  g_string_append (request, host);
  g_string_append (request, strchr (host, ':') ? "]" : "");
  if (port > 0 && port != (tls ? 443 : 80))
    g_string_append_printf (request, ":%d", port);
  g_string_append (request, "\r\nUser-Agent: Acyclic/" VERSION
                            "\r\nAccept: */*\r\nAccept-Encoding: identity"
                            "\r\nConnection: close\r\n\r\n");
  if (!g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (conn)),
                                  request->str, request->len, NULL, f->cancellable, &local))
    {
      take_io_error (f, "sending the request", local, error);
      return NULL;
    }

  in = g_data_input_stream_new (g_io_stream_get_input_stream (G_IO_STREAM (conn)));
  g_data_input_stream_set_newline_type (in, G_DATA_STREAM_NEWLINE_TYPE_LF);
  if (!read_head (f, in, &head, error))
    return NULL;

  if (head.status >= 300 && head.status < 400 && head.location != NULL)
    {
      *redirect = g_uri_resolve_relative (url, head.location, G_URI_FLAGS_ENCODED, &local);
      if (*redirect == NULL)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: the server redirects to '%s': %s",
                       f->url, head.location, local->message);
          g_error_free (local);
        }
      return NULL;
    }
  if (head.status != 200)
    {
      g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: the server answered HTTP %u%s%s",
                   f->url, head.status, *head.reason ? " " : "", head.reason);
      return NULL;
    }

  body = g_byte_array_new ();
  if (head.chunked)
    {
      if (!read_chunked (f, in, body, error))
        return NULL;
    }
  else
    {
      if (head.content_length > (gint64) f->max_size)
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_LIMIT,
                       "%s: the file is larger than %" G_GSIZE_FORMAT " bytes", f->url, f->max_size);
          return NULL;
        }
      if (!read_body (f, G_INPUT_STREAM (in), head.content_length, head.content_length, body, error))
        return NULL;
    }
  g_io_stream_close (G_IO_STREAM (conn), NULL, NULL);
  return g_byte_array_free_to_bytes (g_steal_pointer (&body));
}

GBytes *
acy_http_get (const char          *url,
              guint                timeout,
              gsize                max_size,
              AcyHttpProgressFunc  progress,
              gpointer             progress_data,
              GCancellable        *cancellable,
              GError             **error)
{
  g_autofree char *current = g_strdup (url);
  Fetch f = { url, timeout, max_size, progress, progress_data, cancellable };

  g_return_val_if_fail (url != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (g_str_has_prefix (url, "file:"))
    return get_file (&f, error);

  for (guint i = 0; i <= MAX_REDIRECTS; i++)
    {
      char *next = NULL;
      GBytes *bytes;

      if (g_cancellable_is_cancelled (cancellable))
        {
          g_set_error (error, ACY_ERROR, ACY_ERROR_CANCELLED, "%s: cancelled", url);
          return NULL;
        }
      bytes = get_once (&f, current, &next, error);
      if (bytes != NULL || next == NULL)
        return bytes;
      g_free (current);
      current = next;
    }
  g_set_error (error, ACY_ERROR, ACY_ERROR_IO, "%s: more than %u redirects", url, MAX_REDIRECTS);
  return NULL;
}
