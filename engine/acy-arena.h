/* acy-arena.h - bump allocator freed in one go
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* An arena hands out memory from large chunks. acy_arena_reset() makes all
 * of it reusable without returning chunks to malloc, so code that resets
 * an arena per candidate execution allocates nothing in steady state. */
typedef struct _AcyArena AcyArena;

typedef struct {
  gpointer chunk;
  gsize    used;
} AcyArenaMark;

AcyArena *acy_arena_new     (gsize     chunk_size);
void      acy_arena_free    (AcyArena *arena);
void      acy_arena_reset   (AcyArena *arena);
gpointer  acy_arena_alloc   (AcyArena *arena, gsize size);   /* 16-byte aligned, uninitialised */
gpointer  acy_arena_alloc0  (AcyArena *arena, gsize size);
char     *acy_arena_strdup  (AcyArena *arena, const char *s);
char     *acy_arena_strndup (AcyArena *arena, const char *s, gsize n);
gsize     acy_arena_size    (AcyArena *arena);               /* bytes reserved in chunks */
AcyArenaMark acy_arena_mark  (AcyArena *arena);
void      acy_arena_release (AcyArena *arena, AcyArenaMark mark); /* free everything allocated after mark */

#define acy_arena_new0(arena, Type)      ((Type *) acy_arena_alloc0 ((arena), sizeof (Type)))
#define acy_arena_newv(arena, Type, n)   ((Type *) acy_arena_alloc ((arena), sizeof (Type) * (gsize) (n)))
#define acy_arena_newv0(arena, Type, n)  ((Type *) acy_arena_alloc0 ((arena), sizeof (Type) * (gsize) (n)))

G_DEFINE_AUTOPTR_CLEANUP_FUNC (AcyArena, acy_arena_free)

G_END_DECLS
