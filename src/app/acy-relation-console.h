/* acy-relation-console.h - the model's relations, and any expression
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "acyclic.h"

G_BEGIN_DECLS

#define ACY_TYPE_RELATION_CONSOLE (acy_relation_console_get_type ())
G_DECLARE_FINAL_TYPE (AcyRelationConsole, acy_relation_console, ACY, RELATION_CONSOLE, GtkWidget)

GtkWidget         *acy_relation_console_new        (void);
/* @model: nullable, kept (not copied) until the next call; @names: the
 * relations to list; @shown: those drawn at first (the model's `show`).
 * Expressions typed earlier stay when they still parse. */
void               acy_relation_console_set_model  (AcyRelationConsole *self,
                                                    const AcyModel     *model,
                                                    const char *const  *names,
                                                    const char *const  *shown);
/* What to draw: checked relations, then active expressions. */
const char *const *acy_relation_console_get_shown  (AcyRelationConsole *self);
/* Base relations unchecked: "po", "rf", "co", "fr". */
const char *const *acy_relation_console_get_hidden (AcyRelationConsole *self);
/* Asked before an expression that parses is listed: FALSE and @error
 * (positioned as the parser's) when it cannot be drawn whatever the
 * execution, as a type error. */
typedef gboolean (*AcyRelationConsoleCheck) (const char  *text,
                                             GError     **error,
                                             gpointer     data);
void               acy_relation_console_set_check  (AcyRelationConsole     *self,
                                                    AcyRelationConsoleCheck check,
                                                    gpointer                data);
/* The text as Enter takes it: a listed name is checked; anything else is
 * parsed as an expression and, if it parses and passes the check, drawn.
 * FALSE with the error shown (positioned in the field) when it does not. */
gboolean           acy_relation_console_submit     (AcyRelationConsole *self,
                                                    const char         *text);
/* The shown parse error ("1:5: unknown name near 'pox'"), NULL if none. */
const char        *acy_relation_console_get_error  (AcyRelationConsole *self);
/* The error's place in the field, in characters from 0; FALSE if none. */
gboolean           acy_relation_console_get_error_range (AcyRelationConsole *self,
                                                         guint              *start,
                                                         guint              *end);
/* Checks or unchecks a base relation, a listed one or an expression. */
void               acy_relation_console_set_active (AcyRelationConsole *self,
                                                    const char         *name,
                                                    gboolean            active);
/* The listed relations the search text leaves visible, in order, with
 * their meaning ("" when none): name, meaning, name, meaning... */
GStrv              acy_relation_console_list_visible (AcyRelationConsole *self);
GtkEditable       *acy_relation_console_get_entry  (AcyRelationConsole *self);

G_END_DECLS
