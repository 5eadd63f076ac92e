/* acy-arena.c - bump allocator freed in one go
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "acyclic-engine"
#include "config.h"

#include <string.h>

#include "acy-arena.h"

typedef struct _Chunk Chunk;
struct _Chunk {
  Chunk *next;       /* next chunk in the list (older chunks come later) */
  gsize  size;       /* usable bytes in data */
  gsize  used;
  guint8 data[] __attribute__ ((aligned (16)));
};

struct _AcyArena {
  Chunk *current;    /* chunk being filled */
  Chunk *chunks;     /* all chunks, in allocation order */
  gsize  chunk_size;
  gsize  reserved;
};

static Chunk *
chunk_new (gsize size)
{
  Chunk *c = g_malloc (sizeof (Chunk) + size);
  c->next = NULL;
  c->size = size;
  c->used = 0;
  return c;
}

AcyArena *
acy_arena_new (gsize chunk_size)
{
  AcyArena *arena = g_new0 (AcyArena, 1);

  arena->chunk_size = MAX (chunk_size, 4096);
  arena->chunks = arena->current = chunk_new (arena->chunk_size);
  arena->reserved = arena->chunk_size;
  return arena;
}

void
acy_arena_free (AcyArena *arena)
{
  Chunk *c, *next;

  if (arena == NULL)
    return;
  for (c = arena->chunks; c != NULL; c = next)
    {
      next = c->next;
      g_free (c);
    }
  g_free (arena);
}

void
acy_arena_reset (AcyArena *arena)
{
  Chunk *c;

  for (c = arena->chunks; c != NULL; c = c->next)
    c->used = 0;
  arena->current = arena->chunks;
}

gpointer
acy_arena_alloc (AcyArena *arena, gsize size)
{
  Chunk *c = arena->current;
  gpointer p;

  size = (size + 15) & ~(gsize) 15;
  while (c->used + size > c->size)
    {
      if (c->next == NULL)
        {
          gsize want = MAX (arena->chunk_size, size);
          c->next = chunk_new (want);
          arena->reserved += want;
        }
      c = c->next;
      c->used = 0;
      arena->current = c;
    }
  p = c->data + c->used;
  c->used += size;
  return p;
}

gpointer
acy_arena_alloc0 (AcyArena *arena, gsize size)
{
  gpointer p = acy_arena_alloc (arena, size);
  memset (p, 0, size);
  return p;
}

char *
acy_arena_strndup (AcyArena *arena, const char *s, gsize n)
{
  char *p = acy_arena_alloc (arena, n + 1);
  memcpy (p, s, n);
  p[n] = '\0';
  return p;
}

char *
acy_arena_strdup (AcyArena *arena, const char *s)
{
  return acy_arena_strndup (arena, s, strlen (s));
}

gsize
acy_arena_size (AcyArena *arena)
{
  return arena->reserved;
}

AcyArenaMark
acy_arena_mark (AcyArena *arena)
{
  AcyArenaMark m = { arena->current, arena->current->used };
  return m;
}

void
acy_arena_release (AcyArena *arena, AcyArenaMark mark)
{
  Chunk *c = mark.chunk;

  arena->current = c;
  c->used = mark.used;
  /* Later chunks are reused from the start when current overflows. */
}
