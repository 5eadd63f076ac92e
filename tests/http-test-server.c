/* http-test-server.c - a tiny HTTP server on 127.0.0.1 for fetch tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The build machines have no network and python3 here has no
 * http.server: the tests serve their fixtures themselves.
 */
#define G_LOG_DOMAIN "test-server"
#include "config.h"

#include <string.h>

#include "http-test-server.h"

struct _TestServer {
  GThread         *thread;
  GMainContext    *context;
  GMainLoop       *loop;
  GSocketService  *service;
  char            *dir;
  char            *url;
  GMutex           lock;
  GCond            ready;
  gboolean         started;
  GHashTable      *bodies;   /* name -> text */
  gboolean         stall;
  guint            n_requests;
  GPtrArray       *held;     /* connections of stalled requests */
};

/* The request line's path, after reading the request up to its blank
 * line; NULL when the client sent no request. */
static char *
read_request (GSocketConnection *conn)
{
  GInputStream *in = g_io_stream_get_input_stream (G_IO_STREAM (conn));
  g_autoptr(GString) req = g_string_new (NULL);
  char buf[1024];

  while (strstr (req->str, "\r\n\r\n") == NULL && req->len < 65536)
    {
      gssize n = g_input_stream_read (in, buf, sizeof buf, NULL, NULL);
      if (n <= 0)
        return NULL;
      g_string_append_len (req, buf, n);
    }
  if (!g_str_has_prefix (req->str, "GET "))
    return NULL;
  return g_strndup (req->str + 4, strcspn (req->str + 4, " \r\n"));
}

static void
send_all (GSocketConnection *conn, const void *data, gsize len)
{
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (conn));
  g_output_stream_write_all (out, data, len, NULL, NULL, NULL);
}

static void
send_str (GSocketConnection *conn, const char *text)
{
  send_all (conn, text, strlen (text));
}

static void
answer (TestServer *self, GSocketConnection *conn, const char *path)
{
  const char *name = path[0] == '/' ? path + 1 : path;
  g_autofree char *text = NULL;
  gsize len = 0;
  gboolean moved = g_str_has_prefix (name, "moved/");

  if (moved)
    name += strlen ("moved/");
  if (g_str_equal (name, "lock.cat") && !moved)
    {
      send_str (conn, "HTTP/1.1 301 Moved Permanently\r\nLocation: moved/lock.cat\r\n"
                      "Content-Length: 0\r\nConnection: close\r\n\r\n");
      return;
    }

  g_mutex_lock (&self->lock);
  if (g_hash_table_contains (self->bodies, name))
    {
      text = g_strdup (g_hash_table_lookup (self->bodies, name));
      len = strlen (text);
    }
  g_mutex_unlock (&self->lock);
  if (text == NULL && self->dir != NULL && strchr (name, '/') == NULL && *name)
    {
      g_autofree char *file = g_build_filename (self->dir, name, NULL);
      g_file_get_contents (file, &text, &len, NULL);
    }
  if (text == NULL)
    {
      send_str (conn, "HTTP/1.1 404 Not Found\r\nContent-Length: 10\r\n"
                      "Connection: close\r\n\r\nnot found\n");
      return;
    }

  if (g_str_equal (name, "linux-kernel.def"))
    {
      /* Chunks of 1000 bytes, then the last chunk and an empty trailer. */
      send_str (conn, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
                      "Connection: close\r\n\r\n");
      for (gsize at = 0; at < len; at += 1000)
        {
          gsize n = MIN (1000, len - at);
          g_autofree char *size = g_strdup_printf ("%zx;ext=1\r\n", n);
          send_str (conn, size);
          send_all (conn, text + at, n);
          send_str (conn, "\r\n");
        }
      send_str (conn, "0\r\n\r\n");
    }
  else if (g_str_equal (name, "linux-kernel.bell"))
    {
      send_str (conn, "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n");
      send_all (conn, text, len);
    }
  else
    {
      g_autofree char *head = g_strdup_printf ("HTTP/1.1 200 OK\r\nContent-Length: %zu\r\n"
                                               "Content-Type: text/plain; charset=UTF-8\r\n"
                                               "Connection: close\r\n\r\n", len);
      send_str (conn, head);
      send_all (conn, text, len);
    }
}

static gboolean
on_incoming (GSocketService    *service,
             GSocketConnection *conn,
             GObject           *source,
             gpointer           user_data)
{
  TestServer *self = user_data;
  g_autofree char *path = read_request (conn);
  gboolean stall;

  if (path == NULL)
    return TRUE;
  g_mutex_lock (&self->lock);
  self->n_requests++;
  stall = self->stall;
  g_mutex_unlock (&self->lock);
  if (stall)
    {
      g_ptr_array_add (self->held, g_object_ref (conn));
      return TRUE;
    }
  answer (self, conn, path);
  g_io_stream_close (G_IO_STREAM (conn), NULL, NULL);
  return TRUE;
}

static gpointer
server_thread (gpointer data)
{
  TestServer *self = data;
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) addr = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;
  g_autoptr(GError) error = NULL;

  g_main_context_push_thread_default (self->context);
  self->service = g_socket_service_new ();
  g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), addr,
                                 G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                 NULL, &bound, &error);
  g_assert_no_error (error);
  g_signal_connect (self->service, "incoming", G_CALLBACK (on_incoming), self);
  g_socket_service_start (self->service);
  self->url = g_strdup_printf ("http://127.0.0.1:%u/",
                               g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)));

  g_mutex_lock (&self->lock);
  self->started = TRUE;
  g_cond_signal (&self->ready);
  g_mutex_unlock (&self->lock);

  g_main_loop_run (self->loop);

  g_socket_service_stop (self->service);
  g_socket_listener_close (G_SOCKET_LISTENER (self->service));
  g_clear_object (&self->service);
  g_ptr_array_set_size (self->held, 0);
  g_main_context_pop_thread_default (self->context);
  return NULL;
}

TestServer *
test_server_new (const char *dir)
{
  TestServer *self = g_new0 (TestServer, 1);

  self->dir = g_strdup (dir);
  self->context = g_main_context_new ();
  self->loop = g_main_loop_new (self->context, FALSE);
  self->bodies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->held = g_ptr_array_new_with_free_func (g_object_unref);
  g_mutex_init (&self->lock);
  g_cond_init (&self->ready);
  self->thread = g_thread_new ("test-server", server_thread, self);
  g_mutex_lock (&self->lock);
  while (!self->started)
    g_cond_wait (&self->ready, &self->lock);
  g_mutex_unlock (&self->lock);
  return self;
}

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

void
test_server_free (TestServer *self)
{
  if (self == NULL)
    return;
  g_main_context_invoke (self->context, quit_loop, self->loop);
  g_thread_join (self->thread);
  g_main_loop_unref (self->loop);
  g_main_context_unref (self->context);
  g_hash_table_unref (self->bodies);
  g_ptr_array_unref (self->held);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->ready);
  g_free (self->dir);
  g_free (self->url);
  g_free (self);
}

const char *
test_server_get_url (TestServer *self)
{
  return self->url;
}

void
test_server_set_body (TestServer *self, const char *name, const char *text)
{
  g_mutex_lock (&self->lock);
  if (text)
    g_hash_table_insert (self->bodies, g_strdup (name), g_strdup (text));
  else
    g_hash_table_remove (self->bodies, name);
  g_mutex_unlock (&self->lock);
}

void
test_server_set_stall (TestServer *self, gboolean stall)
{
  g_mutex_lock (&self->lock);
  self->stall = stall;
  g_mutex_unlock (&self->lock);
}

guint
test_server_get_n_requests (TestServer *self)
{
  guint n;

  g_mutex_lock (&self->lock);
  n = self->n_requests;
  g_mutex_unlock (&self->lock);
  return n;
}
