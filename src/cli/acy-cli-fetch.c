/* acy-cli-fetch.c - acyclic-check --fetch-model: getting a model we may not ship
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fetch runs in a thread while the main loop waits for it, so that
 * Ctrl+C cancels it and the engine removes what it had downloaded.
 */
#define G_LOG_DOMAIN "acyclic-check"
#include "config.h"

#include <signal.h>
#include <stdio.h>

#include <glib-unix.h>
#include <gio/gio.h>

#include "acyclic.h"
#include "acy-cli-fetch.h"

typedef struct {
  AcyFetchSpec  spec;
  GCancellable *cancellable;
  GMainLoop    *loop;
  char         *installed;
  GError       *error;
  gboolean      quiet;
  guint         last_index;
  AcyFetchStage last_stage;
} Fetch;

static void
on_progress (const AcyFetchProgress *p, gpointer user_data)
{
  Fetch *f = user_data;

  if (f->quiet)
    return;
  /* One line per file and per stage, not per read. */
  if (p->stage == ACY_FETCH_DOWNLOADING && p->received == 0)
    {
      g_autofree char *url = acy_model_store_file_url (f->spec.id, f->spec.base_url, f->spec.version, p->file);
      fprintf (stderr, "acyclic-check: [%u/%u] %s\n", p->index + 1, p->n_files, url);
    }
  else if (p->stage != ACY_FETCH_DOWNLOADING && p->stage != f->last_stage)
    fprintf (stderr, "acyclic-check: %s\n",
             p->stage == ACY_FETCH_VALIDATING ? acy_model_store_checking (f->spec.id) : "installing");
  f->last_stage = p->stage;
}

static void
fetch_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Fetch *f = task_data;

  f->installed = acy_model_store_fetch (&f->spec, cancellable, &f->error);
  g_task_return_boolean (task, f->installed != NULL);
}

static void
fetch_done (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Fetch *f = user_data;

  g_main_loop_quit (f->loop);
}

static gboolean
on_interrupt (gpointer user_data)
{
  Fetch *f = user_data;

  g_cancellable_cancel (f->cancellable);
  return G_SOURCE_CONTINUE;
}

int
acy_cli_fetch_model (const char *id,
                     const char *from,
                     const char *version,
                     guint       timeout,
                     gboolean    quiet)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(AcyModelOrigin) origin = NULL;
  Fetch f = { 0 };
  guint sigint;

  f.spec.id = id;
  f.spec.base_url = from;
  f.spec.version = version;
  f.spec.timeout = timeout;
  f.spec.progress = on_progress;
  f.spec.progress_data = &f;
  f.quiet = quiet;
  f.last_stage = ACY_FETCH_DOWNLOADING;
  f.cancellable = g_cancellable_new ();
  f.loop = g_main_loop_new (NULL, FALSE);

  sigint = g_unix_signal_add (SIGINT, on_interrupt, &f);
  task = g_task_new (NULL, f.cancellable, fetch_done, &f);
  g_task_set_source_tag (task, acy_cli_fetch_model);
  g_task_set_task_data (task, &f, NULL);
  g_task_run_in_thread (task, fetch_thread);
  g_main_loop_run (f.loop);
  g_source_remove (sigint);
  g_clear_object (&task);
  g_main_loop_unref (f.loop);
  g_object_unref (f.cancellable);

  if (f.installed == NULL)
    {
      fprintf (stderr, "acyclic-check: %s\n", f.error->message);
      fprintf (stderr, "acyclic-check: nothing was installed\n");
      g_error_free (f.error);
      return 1;
    }
  origin = acy_model_origin_load (f.installed, NULL);
  if (!quiet)
    {
      g_autofree char *what = origin && origin->version
                              ? g_strdup_printf ("%s, %s", origin->version, origin->license)
                              : g_strdup (origin && origin->license ? origin->license : "");
      gboolean lkmm = g_str_equal (id, ACY_LKMM_ID);

      printf ("Installed %s (%s) in %s\n"
              "Use it from any folder with: %s\n",
              lkmm ? "the Linux-kernel memory model" : acy_model_store_name (id), what, f.installed,
              lkmm ? "acyclic-check -conf linux-kernel.cfg TEST.litmus"
                   : "acyclic-check TEST.litmus (herd7's default model for the test's architecture)");
    }
  g_free (f.installed);
  return 0;
}
