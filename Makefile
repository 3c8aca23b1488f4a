# SPDX-License-Identifier: MIT
# parlance: grammar/*.yaml --parlgen--> gen/*.re, gen/*.y, gen/*.h --re2c/lemon--> gen/*.c
#           runtime/*.c + gen/*.c --cc--> build/libparlance.a --> build/parlance (CLI)
#
#   make          build the library and the CLI (regenerates gen/ only when grammar/ or
#                 the generator changed; a fresh clone builds with a C compiler alone)
#   make deps     install the packages the build and tests need (Debian, apt-get)
#   make demo     deps + build, then run the main job
#   make test     deps + build, then every test (plain and under ASan+UBSan)
#   make bench    print benchmark figures
#   make eval     the sentence splitter on treebank paragraphs, beside npm peers
#                 (UD=/path/to/UD_English-EWT; says what to pass without it)
#   make fuzz     bounded libFuzzer runs
#   make gen      force regeneration of gen/ from grammar/
#
# Packagers: CC, CFLAGS, CPPFLAGS and LDFLAGS are honoured; -Werror is on only in
# a git checkout (WERROR=0 turns it off, WERROR=1 on).

CC       ?= cc
OPT      ?= -O2 -g
CFLAGS   ?= $(OPT)
CPPFLAGS ?=
LDFLAGS  ?=
WERROR   ?= $(if $(wildcard .git),1,0)
# The library's functions start on cache lines: where the linker happens to
# put them otherwise moves parl_infer by +-4% (make bench, measured at 8 offsets).
LIBALIGN ?= -falign-functions=64
STD      := -std=c11
WARN     := -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror)
B        := build
PKGS     := re2c lemon libyaml-dev libsqlite3-dev sqlite3 postgresql libpq-dev clang tcc pkgconf cmake unicode-data \
            time lld wasi-libc libclang-rt-dev-wasm32 gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user \
            gcc-s390x-linux-gnu libc6-dev-s390x-cross
# The bindings' toolchains (bindings/): COMMAND:PACKAGE, installed when the
# command is missing (a machine may have them from elsewhere, e.g. rustup).
BIND_TOOLS := node:nodejs npm:npm tsc:node-typescript cargo:cargo rustc:rustc python3:python3

# The version lives in one place, runtime/parlance.h. While MAJOR is 0 every
# MINOR may change the ABI, so it is part of the soname (libparlance.so.0.1);
# from 1.0 on the soname is libparlance.so.MAJOR.
VERSION   := $(shell sed -n 's/^\#define PARL_VERSION "\(.*\)"/\1/p' runtime/parlance.h)
V_MAJOR   := $(word 1,$(subst ., ,$(VERSION)))
V_MINOR   := $(word 2,$(subst ., ,$(VERSION)))
SOVERSION := $(if $(filter 0,$(V_MAJOR)),$(V_MAJOR).$(V_MINOR),$(V_MAJOR))
SONAME    := libparlance.so.$(SOVERSION)
SHLIB     := libparlance.so.$(VERSION)

# Installation (GNU conventions; DESTDIR for staging).
PREFIX      ?= /usr/local
EXEC_PREFIX ?= $(PREFIX)
BINDIR      ?= $(EXEC_PREFIX)/bin
LIBDIR      ?= $(EXEC_PREFIX)/lib
INCLUDEDIR  ?= $(PREFIX)/include
MANDIR      ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
INSTALL     ?= install

# Every compile: the project's language level and warnings, then the user's flags.
CCFLAGS  := $(STD) $(WARN) $(CPPFLAGS) $(CFLAGS)
SAN      := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
ASANFLAGS := $(STD) $(WARN) $(CPPFLAGS) -O1 -g $(SAN) -DPARL_SPLIT_SELFCHECK

# Sources are listed by role; gen/*.c is re-read after regeneration by the
# second-stage make below.
RUNTIME_SRC := $(sort $(wildcard runtime/*.c))
GEN_SRC     := $(sort $(wildcard gen/*.c))
GENERATOR   := $(sort $(wildcard tools/gen_*.c)) tools/yaml_doc.c
TOOLS_SRC   := $(filter-out tools/parlance.c tools/check_grammar.c $(GENERATOR),$(sort $(wildcard tools/*.c))) tools/yaml_doc.c
TESTS       := $(sort $(wildcard tests/test_*.c))
BENCHES     := $(sort $(wildcard tests/bench_*.c))
FUZZERS     := $(sort $(wildcard tests/fuzz_*.c))
# libsqlite3 and libpq are dlopen()ed by the store (tools/db_*.c), libyaml by
# the YAML loader (tools/yaml_doc.c, PARL_YAML_DLOPEN; the generator links it)
LIBS        := -ldl -lm
# libpq's header (the tools' PostgreSQL backend); the runtime never sees it.
PQ_CFLAGS   := $(shell pkg-config --cflags libpq 2>/dev/null || echo -I/usr/include/postgresql)

# gen/*.c are made by parlgen (re2c, lemon), never by make's built-in yacc or
# lex rules, which would fire on gen/*.y when a fresh clone's timestamps say so.
MAKEFLAGS += --no-builtin-rules
.SUFFIXES:

.PHONY: all build lib shared deps gen demo test test-bins bench eval fuzz clean amalgamation install uninstall \
        bindings bindings-node bindings-rust bindings-python
all: $(B)/gen.stamp
	@$(MAKE) --no-print-directory build

# ---------------------------------------------------------------- packages
# Installs what the build and the tests need on a Debian machine (root or
# sudo); elsewhere it says what to install and carries on.
deps:
	@if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then \
	  echo "make deps: no dpkg/apt-get here; install by hand what you need of: $(PKGS)"; exit 0; \
	fi; \
	missing=""; \
	for p in $(PKGS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	for t in $(BIND_TOOLS); do \
	  command -v $${t%%:*} >/dev/null 2>&1 || missing="$$missing $${t#*:}"; \
	done; \
	[ -z "$$missing" ] && exit 0; \
	echo "make deps: installing$$missing"; \
	SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	$$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null

# ---------------------------------------------------------------- generator
GEN_HDR    := tools/gen.h tools/gen_infer.h tools/gen_verbs.h tools/gen_sentences.h tools/yaml_doc.h runtime/answer_args.h
GEN_INPUTS := $(wildcard grammar/*.yaml) $(GENERATOR) $(GEN_HDR) tools/sha256.c tools/sha256.h

$(B)/parlgen: $(GENERATOR) $(GEN_HDR) tools/sha256.c tools/sha256.h
	@mkdir -p $(B)
	$(CC) $(CCFLAGS) -Iruntime -o $@ $(GENERATOR) tools/sha256.c $(LDFLAGS) -lyaml

# gen/ is committed. In a fresh clone (no stamp yet) it is trusted when its
# PARL_GRAMMAR_ID names the grammar in grammar/ (t_fresh checks it in full);
# after that, an edit of a spec or of the generator regenerates it.
$(B)/gen.stamp: $(GEN_INPUTS)
	@mkdir -p $(B)
	@if [ ! -f $@ ] && [ "$$(sh tools/grammar_id.sh grammar)" = "$$(sed -n 's/^#define PARL_GRAMMAR_ID "\(.*\)"/\1/p' gen/parl_grammar.h 2>/dev/null)" ]; then \
	  echo "gen/ matches grammar/ (PARL_GRAMMAR_ID): not regenerating"; \
	else \
	  $(MAKE) --no-print-directory $(B)/parlgen && \
	  $(B)/parlgen --grammar grammar --out gen --runtime runtime --tools tools $(GENFLAGS) || exit 1; \
	fi
	@touch $@

# The generator under ASan+UBSan, for the tests that feed it bad grammars.
$(B)/asan/parlgen: $(GENERATOR) $(GEN_HDR) tools/sha256.c tools/sha256.h
	@mkdir -p $(dir $@)
	$(CC) $(ASANFLAGS) -Iruntime -o $@ $(GENERATOR) tools/sha256.c $(LDFLAGS) -lyaml

gen: $(B)/parlgen
	$(B)/parlgen --grammar grammar --out gen --runtime runtime --tools tools $(GENFLAGS)
	@touch $(B)/gen.stamp

# ---------------------------------------------------------------- library + CLI
LIB_OBJ   := $(patsubst %.c,$(B)/obj/%.o,$(RUNTIME_SRC) $(GEN_SRC))
ASAN_OBJ  := $(patsubst %.c,$(B)/asan/%.o,$(RUNTIME_SRC) $(GEN_SRC))
TOOLS_OBJ := $(patsubst %.c,$(B)/obj/%.o,$(TOOLS_SRC))
ASAN_TOOLS_OBJ := $(patsubst %.c,$(B)/asan/%.o,$(TOOLS_SRC))
LIB_HDR   := $(wildcard runtime/*.h gen/*.h gen/*.inc)
TOOLS_HDR := $(wildcard tools/*.h) $(LIB_HDR)

$(B)/obj/runtime/%.o: runtime/%.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CCFLAGS) $(LIBALIGN) -Iruntime -Igen -c $< -o $@
$(B)/obj/gen/%.o: gen/%.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CCFLAGS) $(LIBALIGN) -Iruntime -Igen -c $< -o $@
$(B)/obj/tools/%.o: tools/%.c $(TOOLS_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CCFLAGS) -D_GNU_SOURCE -DPARL_YAML_DLOPEN -Iruntime -Igen -Itools $(PQ_CFLAGS) -c $< -o $@
$(B)/asan/runtime/%.o: runtime/%.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ASANFLAGS) -Iruntime -Igen -c $< -o $@
$(B)/asan/gen/%.o: gen/%.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ASANFLAGS) -Iruntime -Igen -c $< -o $@
$(B)/asan/tools/%.o: tools/%.c $(TOOLS_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(ASANFLAGS) -D_GNU_SOURCE -DPARL_YAML_DLOPEN -Iruntime -Igen -Itools $(PQ_CFLAGS) -c $< -o $@

# The shared library: position-independent objects, only PARL_API symbols exported.
PIC_OBJ := $(patsubst %.c,$(B)/pic/%.o,$(RUNTIME_SRC) $(GEN_SRC))
$(B)/pic/runtime/%.o: runtime/%.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CCFLAGS) -fPIC -fvisibility=hidden -DPARL_BUILD -DPARL_SHARED -Iruntime -Igen -c $< -o $@
$(B)/pic/gen/%.o: gen/%.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CCFLAGS) -fPIC -fvisibility=hidden -DPARL_BUILD -DPARL_SHARED -Iruntime -Igen -c $< -o $@
$(B)/$(SHLIB): $(PIC_OBJ)
	$(CC) $(CFLAGS) -shared -Wl,-soname,$(SONAME) $(LDFLAGS) -o $@ $^
	ln -sf $(SHLIB) $(B)/$(SONAME)
	ln -sf $(SONAME) $(B)/libparlance.so
shared: $(B)/$(SHLIB)
lib: $(B)/libparlance.a $(B)/$(SHLIB)

# The amalgamation: the library as one .c and one .h (tools/amalgamate.sh).
amalgamation: dist/parlance.c
dist/parlance.c dist/parlance.h: $(RUNTIME_SRC) $(GEN_SRC) $(LIB_HDR) tools/amalgamate.sh
	sh tools/amalgamate.sh dist

$(B)/libparlance.a: $(LIB_OBJ)
	@mkdir -p $(dir $@); rm -f $@
	ar rcs $@ $^
$(B)/asan/libparlance.a: $(ASAN_OBJ)
	@mkdir -p $(dir $@); rm -f $@
	ar rcs $@ $^
# The CLI's own helpers (files, SQLite, JSON), linked into the CLI and the tests.
$(B)/libparltools.a: $(TOOLS_OBJ)
	@mkdir -p $(dir $@); rm -f $@
	ar rcs $@ $^
$(B)/asan/libparltools.a: $(ASAN_TOOLS_OBJ)
	@mkdir -p $(dir $@); rm -f $@
	ar rcs $@ $^

LINK_TOOLS := $(B)/libparltools.a $(B)/libparlance.a $(LDFLAGS) $(LIBS)
LINK_ASAN  := $(B)/asan/libparltools.a $(B)/asan/libparlance.a $(LDFLAGS) $(LIBS)

$(B)/parlance: tools/parlance.c $(TOOLS_HDR) $(B)/libparltools.a $(B)/libparlance.a
	$(CC) $(CCFLAGS) -D_GNU_SOURCE -Iruntime -Igen -Itools -o $@ $< $(LINK_TOOLS)
$(B)/check_grammar: tools/check_grammar.c $(TOOLS_HDR) $(B)/libparltools.a $(B)/libparlance.a
	$(CC) $(CCFLAGS) -D_GNU_SOURCE -Iruntime -Igen -Itools -o $@ $< $(LINK_TOOLS)
$(B)/asan/check_grammar: tools/check_grammar.c $(TOOLS_HDR) $(B)/asan/libparltools.a $(B)/asan/libparlance.a
	$(CC) $(ASANFLAGS) -D_GNU_SOURCE -Iruntime -Igen -Itools -o $@ $< $(LINK_ASAN)
# The CLI under AddressSanitizer and UBSan (tests/t_cli_asan.sh).
$(B)/asan/parlance: tools/parlance.c $(TOOLS_HDR) $(B)/asan/libparltools.a $(B)/asan/libparlance.a
	$(CC) $(ASANFLAGS) -D_GNU_SOURCE -Iruntime -Igen -Itools -o $@ $< $(LINK_ASAN)

# The tests link libsqlite3 too: test_store reads the store's file with it.
TEST_HDR := tests/testlib.h tests/benchlib.h tests/minijson.h $(TOOLS_HDR)
$(B)/tests/%: tests/%.c $(TEST_HDR) $(B)/libparltools.a $(B)/libparlance.a
	@mkdir -p $(dir $@)
	$(CC) $(CCFLAGS) -D_GNU_SOURCE -Iruntime -Igen -Itools -Itests -o $@ $< $(LINK_TOOLS) -lsqlite3
$(B)/asan/tests/%: tests/%.c $(TEST_HDR) $(B)/asan/libparltools.a $(B)/asan/libparlance.a
	@mkdir -p $(dir $@)
	$(CC) $(ASANFLAGS) -D_GNU_SOURCE -Iruntime -Igen -Itools -Itests -o $@ $< $(LINK_ASAN) -lsqlite3

TEST_BIN := $(patsubst tests/%.c,$(B)/tests/%,$(TESTS))
ASAN_TEST_BIN := $(patsubst tests/%.c,$(B)/asan/tests/%,$(TESTS))
BENCH_BIN := $(patsubst tests/%.c,$(B)/tests/%,$(BENCHES))

build: $(B)/libparlance.a $(B)/parlance $(B)/check_grammar

# ---------------------------------------------------------------- bindings (issue 17)
# bindings/node: the library as WebAssembly (clang, lld and Debian's
# wasi-libc; no network) in an npm package; bindings/rust: a crate whose
# build script compiles the C sources; bindings/python: ctypes over the
# shared library, as a wheel built with the standard library. A binding
# whose toolchain is missing is skipped with a message (tests/t_node.sh,
# t_rust.sh, t_python.sh say so too).
BIND         := $(B)/bindings
WASI_SYSROOT ?= /usr
WASM_CC      ?= clang
WASM_CFLAGS  := --target=wasm32-wasi --sysroot=$(WASI_SYSROOT) $(STD) $(WARN) -O2 -mbulk-memory -fvisibility=hidden
WASM_LDFLAGS := -nostartfiles -Wl,--no-entry -Wl,--export-dynamic -Wl,--export=malloc -Wl,--export=free \
                -Wl,-z,stack-size=1048576 -Wl,--strip-debug
WASM_OBJ     := $(patsubst %.c,$(B)/wasm/%.o,$(RUNTIME_SRC) $(GEN_SRC))
NODE_PKG     := $(BIND)/node/package
NODE_TGZ     := $(BIND)/node/parlance-$(VERSION).tgz
PY_WHEEL     := $(BIND)/python/parlance-$(VERSION)-py3-none-linux_$(shell uname -m).whl

$(B)/wasm/%.o: %.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(WASM_CC) $(WASM_CFLAGS) -Iruntime -Igen -c $< -o $@
$(B)/wasm/parlance.wasm: $(WASM_OBJ)
	$(WASM_CC) $(WASM_CFLAGS) $(WASM_LDFLAGS) -o $@ $^
$(NODE_TGZ): $(B)/wasm/parlance.wasm $(wildcard bindings/node/*.* bindings/node/examples/*) LICENSE
	@rm -rf $(NODE_PKG); mkdir -p $(NODE_PKG)/examples
	cp bindings/node/package.json bindings/node/index.js bindings/node/index.d.ts bindings/node/README.md \
	  LICENSE $(B)/wasm/parlance.wasm $(NODE_PKG)/
	cp bindings/node/examples/* $(NODE_PKG)/examples/
	cd $(NODE_PKG) && npm pack --silent --pack-destination .. > /dev/null
$(PY_WHEEL): $(B)/$(SHLIB) $(wildcard bindings/python/*.* bindings/python/parlance/*.py) LICENSE
	python3 bindings/python/build_backend.py wheel $(BIND)/python $(B)/$(SHLIB)

# Whether a toolchain is here: prints nothing when it is, else why not.
WASM_MISSING = $(shell command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 || echo "node and npm"; \
	printf 'int x;' | $(WASM_CC) $(WASM_CFLAGS) -x c -c - -o /dev/null 2>/dev/null || echo "clang for wasm32-wasi (wasi-libc)"; \
	command -v wasm-ld >/dev/null 2>&1 || echo "wasm-ld (lld)")
bindings: bindings-node bindings-rust bindings-python
bindings-node:
	@why="$(strip $(WASM_MISSING))"; if [ -n "$$why" ]; then echo "bindings: skipping the Node package: no $$why"; \
	else $(MAKE) --no-print-directory $(NODE_TGZ); fi
bindings-rust:
	@if ! command -v cargo >/dev/null 2>&1; then echo "bindings: skipping the Rust crate: no cargo"; \
	else cargo build --quiet --offline --manifest-path bindings/rust/Cargo.toml --target-dir $(BIND)/rust; fi
bindings-python:
	@if ! command -v python3 >/dev/null 2>&1; then echo "bindings: skipping the Python package: no python3"; \
	else $(MAKE) --no-print-directory $(PY_WHEEL); fi

# ---------------------------------------------------------------- install
# The installed header is the amalgamation's: one self-contained parlance.h.
install: all $(B)/$(SHLIB) dist/parlance.h
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) \
	  $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1
	$(INSTALL) -m 644 $(B)/libparlance.a $(DESTDIR)$(LIBDIR)/libparlance.a
	$(INSTALL) -m 755 $(B)/$(SHLIB) $(DESTDIR)$(LIBDIR)/$(SHLIB)
	ln -sf $(SHLIB) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libparlance.so
	$(INSTALL) -m 644 dist/parlance.h $(DESTDIR)$(INCLUDEDIR)/parlance.h
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|; s|@VERSION@|$(VERSION)|' \
	  tools/parlance.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/parlance.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/parlance.pc
	$(INSTALL) -m 755 $(B)/parlance $(DESTDIR)$(BINDIR)/parlance
	$(INSTALL) -m 644 tools/parlance.1 $(DESTDIR)$(MANDIR)/man1/parlance.1

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libparlance.a $(DESTDIR)$(LIBDIR)/$(SHLIB) \
	  $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libparlance.so \
	  $(DESTDIR)$(INCLUDEDIR)/parlance.h $(DESTDIR)$(PKGCONFIGDIR)/parlance.pc \
	  $(DESTDIR)$(BINDIR)/parlance $(DESTDIR)$(MANDIR)/man1/parlance.1

# ---------------------------------------------------------------- jobs
demo: deps
	@$(MAKE) --no-print-directory all
	@sh tests/demo.sh

test: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory test-bins
	@sh tests/run.sh

test-bins: $(TEST_BIN) $(ASAN_TEST_BIN) $(B)/asan/check_grammar $(B)/asan/parlance $(B)/asan/libparlance.a $(B)/parlgen \
	   $(B)/asan/parlgen $(B)/$(SHLIB) dist/parlance.c $(B)/tests/consumer $(B)/tests/cpu_run bindings
$(B)/tests/consumer: tests/consumer.c $(B)/libparlance.a $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CCFLAGS) -Iruntime -Igen -o $@ $< $(B)/libparlance.a $(LDFLAGS)

bench: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(BENCH_BIN) CFLAGS="-O2 -g -DNDEBUG"
	@for b in $(filter-out $(B)/tests/bench_bindings,$(BENCH_BIN)); do echo "== $$b"; $$b || exit 1; done
	@$(MAKE) --no-print-directory bindings > /dev/null
	@echo "== tests/bench_bindings.sh"; sh tests/bench_bindings.sh
	@echo "== tests/bench_store_backends.sh"; sh tests/bench_store_backends.sh
	@echo "== tests/bench_corpus.sh"; sh tests/bench_corpus.sh
	@$(MAKE) --no-print-directory eval

# ---------------------------------------------------------------- sentence benchmark
# The splitter on the paragraphs of a Universal Dependencies treebank (train and
# dev splits; never test, never GUM), scored by tests/eval_split.c side by side
# with sentence splitters from npm run on the same paragraphs in the same run.
# The treebank is not in this repository: pass its directory as UD.
# nodejs and npm are installed only when npm is missing (Debian's npm conflicts
# with other builds of nodejs, so they are not in PKGS).
UD        ?=
EVAL_PKGS := nodejs npm
NPM_PEERS := sbd@1.0.19 sentencex@1.0.17 cldr-segmentation@2.2.1
eval:
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(B)/tests/eval_split
	@if [ -z "$(UD)" ] || [ ! -d "$(UD)" ]; then \
	  echo "make eval: no treebank given; pass UD=/path/to/UD_English-EWT (a directory holding"; \
	  echo "  en_ewt-ud-dev.conllu and en_ewt-ud-train.conllu) to score the sentence splitter"; \
	  exit 0; \
	fi; \
	rm -rf $(B)/ud; sh tests/ud_bench.sh "$(UD)" $(B)/ud || exit 1; \
	command -v npm >/dev/null 2>&1 || $(MAKE) --no-print-directory deps PKGS="$(EVAL_PKGS)"; \
	if [ ! -d $(B)/npm/node_modules/sbd ]; then \
	  mkdir -p $(B)/npm && npm install --prefix $(B)/npm --no-audit --no-fund --loglevel=error $(NPM_PEERS) \
	    || echo "make eval: npm peers unavailable; scoring parlance alone"; \
	fi; \
	mkdir -p $(B)/ud/peers; \
	for b in $(B)/ud/*-dev.tsv $(B)/ud/*-train.tsv; do [ -f $$b ] || continue; \
	  n=$$(basename $$b .tsv); rm -f $(B)/ud/peers/$$n.*.tsv; \
	  [ -d $(B)/npm/node_modules ] && RUST_BACKTRACE=0 node tests/split_peers.js $(B)/npm/node_modules $$b $(B)/ud/peers/$$n 2>&1 | grep '^split_peers'; \
	  peers=""; for p in $(B)/ud/peers/$$n.*.tsv; do \
	    [ -f "$$p" ] || continue; k=$${p#$(B)/ud/peers/$$n.}; peers="$$peers $${k%.tsv}=$$p"; \
	  done; \
	  $(B)/tests/eval_split $$b $$peers || exit 1; \
	done

FUZZ_SECONDS ?= 60
# Tools-side code some fuzzers exercise: the YAML loader, the --config
# reader, the answer-template checker.
FUZZ_TOOLS := tools/yaml_doc.c tools/dialect_config.c tools/gen_answer_args.c
fuzz: deps
	@$(MAKE) --no-print-directory all
	@mkdir -p $(B)/fuzz
	@for f in $(FUZZERS); do \
	  n=$$(basename $$f .c); \
	  clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE -DPARL_SPLIT_SELFCHECK -Iruntime -Igen -Itools -Itests \
	    -o $(B)/fuzz/$$n $$f $(RUNTIME_SRC) $(GEN_SRC) $(FUZZ_TOOLS) -lyaml || exit 1; \
	  echo "== fuzzing $$n for $(FUZZ_SECONDS)s"; \
	  mkdir -p $(B)/fuzz/$$n.corpus; \
	  seeds=tests/corpus; [ $$n = fuzz_yaml ] && seeds="tests/corpus grammar"; \
	  $(B)/fuzz/$$n -max_total_time=$(FUZZ_SECONDS) -max_len=4096 -artifact_prefix=$(B)/fuzz/$$n- \
	    $(B)/fuzz/$$n.corpus $$seeds > $(B)/fuzz/$$n.log 2>&1; st=$$?; \
	  tail -3 $(B)/fuzz/$$n.log; \
	  [ $$st -eq 0 ] || { echo "make fuzz: $$n failed (exit $$st; log and crash input in $(B)/fuzz/)"; exit 1; }; \
	done

clean:
	rm -rf $(B)
