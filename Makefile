# parlance: grammar/*.yaml --parlgen--> gen/*.re, gen/*.y, gen/*.h --re2c/lemon--> gen/*.c
#           runtime/*.c + gen/*.c --cc--> build/libparlance.a --> build/parlance (CLI)
#
#   make          install missing packages, regenerate gen/ if grammar changed, build
#   make demo     build and run the main job
#   make test     build and run every test (plain and under ASan+UBSan)
#   make bench    print benchmark figures
#   make fuzz     bounded libFuzzer runs
#   make gen      force regeneration of gen/ from grammar/

CC      ?= cc
OPT     ?= -O2 -g
# The library's functions start on cache lines: where the linker happens to
# put them otherwise moves parl_infer by +-4% (make bench, measured at 8 offsets).
LIBALIGN ?= -falign-functions=64
WARN    := -std=c11 -Wall -Wextra -Werror
B       := build
PKGS    := re2c lemon libyaml-dev libsqlite3-dev sqlite3 clang

# Sources are listed by role; gen/*.c is re-read after regeneration by the
# second-stage make below.
RUNTIME_SRC := $(sort $(wildcard runtime/*.c))
GEN_SRC     := $(sort $(wildcard gen/*.c))
GENERATOR   := $(sort $(wildcard tools/gen_*.c)) tools/yaml_doc.c
TOOLS_LIB   := $(filter-out tools/parlance.c tools/check_grammar.c $(GENERATOR),$(sort $(wildcard tools/*.c))) tools/yaml_doc.c
TESTS       := $(sort $(wildcard tests/test_*.c))
BENCHES     := $(sort $(wildcard tests/bench_*.c))
FUZZERS     := $(sort $(wildcard tests/fuzz_*.c))
LIBS        := -lyaml -lsqlite3 -lm

# gen/*.c are made by parlgen (re2c, lemon), never by make's built-in yacc or
# lex rules, which would fire on gen/*.y when a fresh clone's timestamps say so.
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:

.PHONY: all build deps gen demo test bench fuzz clean
all: deps $(B)/gen.stamp
	@$(MAKE) --no-print-directory build

# ---------------------------------------------------------------- packages
# Installs what the build needs on a Debian machine (root or sudo).
deps: $(B)/deps.ok
$(B)/deps.ok:
	@mkdir -p $(B)
	@missing=""; \
	for p in $(PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
	@touch $@

# ---------------------------------------------------------------- generator
$(B)/parlgen: $(GENERATOR) tools/gen.h tools/gen_infer.h tools/yaml_doc.h | $(B)/deps.ok
	@mkdir -p $(B)
	$(CC) $(WARN) $(OPT) -o $@ $(GENERATOR) -lyaml

# gen/ is committed; it is rebuilt when a spec, the generator, the checker
# or the runtime it is checked against changes.
$(B)/gen.stamp: $(B)/parlgen $(wildcard grammar/*.yaml) tools/check_grammar.c tools/intent_json.c tools/json_out.c $(RUNTIME_SRC) $(wildcard runtime/*.h)
	$(B)/parlgen --grammar grammar --out gen --runtime runtime --tools tools $(GENFLAGS)
	@touch $@

gen: $(B)/parlgen
	$(B)/parlgen --grammar grammar --out gen --runtime runtime --tools tools $(GENFLAGS)
	@touch $(B)/gen.stamp

# ---------------------------------------------------------------- library + CLI
LIB_OBJ := $(patsubst %.c,$(B)/obj/%.o,$(RUNTIME_SRC) $(GEN_SRC))
ASAN_OBJ := $(patsubst %.c,$(B)/asan/%.o,$(RUNTIME_SRC) $(GEN_SRC))
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

$(B)/obj/%.o: %.c $(wildcard runtime/*.h gen/*.h gen/*.inc)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(OPT) $(LIBALIGN) -Iruntime -Igen -c $< -o $@
$(B)/asan/%.o: %.c $(wildcard runtime/*.h gen/*.h gen/*.inc)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O1 -g $(SAN) -Iruntime -Igen -c $< -o $@

$(B)/libparlance.a: $(LIB_OBJ)
	@mkdir -p $(dir $@); rm -f $@
	ar rcs $@ $^
$(B)/asan/libparlance.a: $(ASAN_OBJ)
	@mkdir -p $(dir $@); rm -f $@
	ar rcs $@ $^

TOOLS_HDR := $(wildcard tools/*.h runtime/*.h gen/*.h)
$(B)/parlance: tools/parlance.c $(TOOLS_LIB) $(TOOLS_HDR) $(B)/libparlance.a
	$(CC) $(WARN) $(OPT) -D_GNU_SOURCE -Iruntime -Igen -Itools -o $@ tools/parlance.c $(TOOLS_LIB) $(B)/libparlance.a $(LIBS)
$(B)/check_grammar: tools/check_grammar.c $(TOOLS_LIB) $(TOOLS_HDR) $(B)/libparlance.a
	$(CC) $(WARN) $(OPT) -D_GNU_SOURCE -Iruntime -Igen -Itools -o $@ tools/check_grammar.c $(TOOLS_LIB) $(B)/libparlance.a $(LIBS)
$(B)/asan/check_grammar: tools/check_grammar.c $(TOOLS_LIB) $(TOOLS_HDR) $(B)/asan/libparlance.a
	$(CC) $(WARN) -O1 -g $(SAN) -D_GNU_SOURCE -Iruntime -Igen -Itools -o $@ tools/check_grammar.c $(TOOLS_LIB) $(B)/asan/libparlance.a $(LIBS)

$(B)/tests/%: tests/%.c tests/testlib.h tests/benchlib.h $(TOOLS_LIB) $(TOOLS_HDR) $(B)/libparlance.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(OPT) -D_GNU_SOURCE -Iruntime -Igen -Itools -Itests -o $@ $< $(TOOLS_LIB) $(B)/libparlance.a $(LIBS)
$(B)/asan/tests/%: tests/%.c tests/testlib.h tests/benchlib.h $(TOOLS_LIB) $(TOOLS_HDR) $(B)/asan/libparlance.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O1 -g $(SAN) -D_GNU_SOURCE -Iruntime -Igen -Itools -Itests -o $@ $< $(TOOLS_LIB) $(B)/asan/libparlance.a $(LIBS)

TEST_BIN := $(patsubst tests/%.c,$(B)/tests/%,$(TESTS))
ASAN_TEST_BIN := $(patsubst tests/%.c,$(B)/asan/tests/%,$(TESTS))
BENCH_BIN := $(patsubst tests/%.c,$(B)/tests/%,$(BENCHES))

build: $(B)/libparlance.a $(B)/parlance $(B)/check_grammar

# ---------------------------------------------------------------- jobs
demo: all
	@sh tests/demo.sh

test: all
	@$(MAKE) --no-print-directory test-bins
	@sh tests/run.sh

test-bins: $(TEST_BIN) $(ASAN_TEST_BIN) $(B)/asan/check_grammar $(B)/asan/libparlance.a

bench: all
	@$(MAKE) --no-print-directory $(BENCH_BIN) OPT="-O2 -g -DNDEBUG"
	@for b in $(BENCH_BIN); do echo "== $$b"; $$b || exit 1; done

FUZZ_SECONDS ?= 60
fuzz: all
	@mkdir -p $(B)/fuzz
	@for f in $(FUZZERS); do \
	  n=$$(basename $$f .c); \
	  clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Iruntime -Igen -Itools -Itests \
	    -o $(B)/fuzz/$$n $$f $(RUNTIME_SRC) $(GEN_SRC) || exit 1; \
	  echo "== fuzzing $$n for $(FUZZ_SECONDS)s"; \
	  mkdir -p $(B)/fuzz/$$n.corpus; \
	  $(B)/fuzz/$$n -max_total_time=$(FUZZ_SECONDS) -max_len=4096 $(B)/fuzz/$$n.corpus tests/corpus 2>&1 | tail -3 || exit 1; \
	done

clean:
	rm -rf $(B)
