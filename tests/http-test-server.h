/* http-test-server.h - a tiny HTTP server on 127.0.0.1 for fetch tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _TestServer TestServer;

/* Serves the files of @dir (may be NULL) at /NAME from a thread of its
 * own, each the way a web front may: linux-kernel.def chunked,
 * linux-kernel.bell without a length (ended by the close), lock.cat
 * through a redirect to /moved/lock.cat, the others with a
 * Content-Length. A missing file is a 404. */
TestServer *test_server_new       (const char *dir);
void        test_server_free      (TestServer *server);
/* "http://127.0.0.1:PORT/" */
const char *test_server_get_url   (TestServer *server);
/* Serve @text as /@name instead of the file (NULL: the file again). */
void        test_server_set_body  (TestServer *server,
                                   const char *name,
                                   const char *text);
/* Read each request and never answer it, holding the connection open. */
void        test_server_set_stall (TestServer *server,
                                   gboolean    stall);
/* Requests answered or held so far. */
guint       test_server_get_n_requests (TestServer *server);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestServer, test_server_free)

G_END_DECLS
