# Writes OUT, a C++ source defining papamu::buildCommit(): the checkout's HEAD, with "+modified"
# when tracked files differ from it, or "unknown" outside a git checkout. Run at every build
# (cli/CMakeLists.txt), not at configure time: a commit made after configuring used to leave the
# old commit in `papamu --version` and in the figures that name it. The file is rewritten only
# when its text changes, so a build with nothing new compiles nothing.
# usage: cmake -DSOURCE=DIR -DOUT=FILE -P BuildCommit.cmake
execute_process(COMMAND git rev-parse --short HEAD
  WORKING_DIRECTORY ${SOURCE} RESULT_VARIABLE failed OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(failed OR NOT commit)
  set(commit "unknown")
else()
  execute_process(COMMAND git diff --quiet HEAD -- WORKING_DIRECTORY ${SOURCE} RESULT_VARIABLE differs ERROR_QUIET)
  if(NOT differs EQUAL 0)
    set(commit "${commit}+modified")
  endif()
endif()
set(text "// Written by cmake/BuildCommit.cmake at build time.\n#include \"cli/build_commit.hpp\"\n\nconst char* papamu::buildCommit() { return \"${commit}\"; }\n")
set(old "")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
