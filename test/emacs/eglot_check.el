;;; eglot_check.el --- Drive Emacs's eglot (Debian's elpa-eglot) against wikimap-query-server -*- lexical-binding: t -*-
;; Opens a sample file, waits for diagnostics (flymake), asks for a completion and a hover, and
;; writes what it saw as JSON to $WIKIMAP_EMACS_OUT.  The configuration part is the one the README shows.
(require 'package)
(package-initialize)
(require 'eglot)
(require 'json)

;; --- configuration (as in the README) ---
(define-derived-mode wikiquery-mode prog-mode "WikiQuery")
(add-to-list 'auto-mode-alist '("\\.wikiquery\\'" . wikiquery-mode))
(add-to-list 'eglot-server-programs
             `(wikiquery-mode . ,(split-string (getenv "WIKIMAP_EMACS_SERVER"))))
;; --- end of configuration ---

(defvar wikimap-result (list (cons 'errors nil)))
(defun wikimap-put (key value) (setf (alist-get key wikimap-result) value))
(defun wikimap-error (msg) (wikimap-put 'errors (cons msg (alist-get 'errors wikimap-result))))

(defun wikimap-finish ()
  (with-temp-file (getenv "WIKIMAP_EMACS_OUT")
    (insert (json-encode wikimap-result)))
  (kill-emacs 0))

(defun wikimap-wait (pred seconds)
  (let ((deadline (+ (float-time) seconds)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (funcall pred)))

(defun wikimap-pos (line char)
  (goto-char (point-min))
  (forward-line line)
  (forward-char char))

(condition-case err
    (progn
      (find-file (getenv "WIKIMAP_EMACS_FILE"))
      (let ((project-find-functions (list (lambda (_dir) (cons 'transient (file-name-directory (getenv "WIKIMAP_EMACS_FILE")))))))
        (eglot-ensure)
        (unless (wikimap-wait (lambda () (eglot-current-server)) 20)
          ;; eglot-ensure waits for a command loop in batch mode; start it directly
          (call-interactively #'eglot)))
      (unless (wikimap-wait (lambda () (and (eglot-current-server) (flymake-diagnostics))) 20)
        (wikimap-error "no diagnostics within 20 s"))
      (wikimap-put 'diagnostics
                   (vconcat (mapcar (lambda (d)
                                      (list (cons 'line (1- (line-number-at-pos (flymake-diagnostic-beg d))))
                                            (cons 'type (format "%s" (flymake-diagnostic-type d)))
                                            (cons 'text (flymake-diagnostic-text d))))
                                    (flymake-diagnostics))))
      (let ((server (eglot-current-server)))
        (wikimap-pos (string-to-number (getenv "WIKIMAP_EMACS_COMPLETE_LINE")) (string-to-number (getenv "WIKIMAP_EMACS_COMPLETE_CHAR")))
        (let* ((resp (jsonrpc-request server :textDocument/completion (eglot--TextDocumentPositionParams)))
               (items (if (vectorp resp) resp (plist-get resp :items))))
          (wikimap-put 'completion (vconcat (mapcar (lambda (it) (plist-get it :label)) items))))
        (wikimap-pos (string-to-number (getenv "WIKIMAP_EMACS_HOVER_LINE")) (string-to-number (getenv "WIKIMAP_EMACS_HOVER_CHAR")))
        (let* ((resp (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams)))
               (contents (plist-get resp :contents)))
          (wikimap-put 'hover (if (stringp contents) contents (or (plist-get contents :value) (format "%S" contents)))))))
  (error (wikimap-error (format "%S" err))))
(wikimap-finish)
